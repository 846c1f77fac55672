"""Safety: the risk of what an agent acts on, confirmation of danger actions, the host and tool-tier
policy, and the audit log (docs/safety.md)."""

from verdex.safety.audit import AuditLog
from verdex.safety.guard import Guard
from verdex.safety.policy import Policy, Tier

__all__ = ["AuditLog", "Guard", "Policy", "Tier"]
