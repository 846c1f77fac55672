"""verdex from the shell: named browser sessions that outlive a command.

``verdex open URL -s NAME`` starts a session process (``daemon``) holding the browser, the refs and the
recording; every later command (``verdex click e15 -s NAME``) reaches it over a local socket
(``places``) and runs the same tool the MCP server offers (``commands`` names each one), so its
output is the MCP tool's text. ``client`` is the command line side.
"""
