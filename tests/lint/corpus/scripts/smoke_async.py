"""Async smoke check run after each deploy."""

import asyncio

from playwright.async_api import async_playwright

URLS = ["https://shop.example.com/", "https://shop.example.com/cart"]


async def check(url: str) -> bool:
    async with async_playwright() as p:
        browser = await p.firefox.launch()
        context = await browser.new_context()
        page = await context.new_page()
        response = await page.goto(url)
        await asyncio.sleep(1)  # expect: VDX004
        ok = response is not None and response.ok
        banner = await page.query_selector("#maintenance-banner")  # expect: VDX007
        await browser.close()
        return ok and banner is None


async def main() -> None:
    results = await asyncio.gather(*(check(url) for url in URLS))
    for url, ok in zip(URLS, results):
        print(("OK  " if ok else "FAIL"), url)


if __name__ == "__main__":
    asyncio.run(main())
