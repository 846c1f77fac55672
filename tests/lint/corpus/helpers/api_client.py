"""A small REST client for seeding test data. No browser here."""

import time

import requests


class ApiClient:
    def __init__(self, base_url: str, token: str) -> None:
        self.base_url = base_url
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def users(self, page: int = 1, per_page: int = 50) -> list[dict]:
        response = self.session.get(f"{self.base_url}/users", params={"page": page, "per_page": per_page})
        response.raise_for_status()
        return response.json()["items"]

    def first_user(self) -> dict:
        return self.users(page=1)[0]

    def wait_for_job(self, job_id: str) -> dict:
        for _ in range(30):
            job = self.session.get(f"{self.base_url}/jobs/{job_id}").json()
            if job["state"] == "done":
                return job
            time.sleep(1)
        raise TimeoutError(job_id)
