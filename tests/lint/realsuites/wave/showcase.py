# Excerpt of h2oai/wave tools/showcase/showcase.py at commit b4746712feca35d9351bd294c8e7bbd8a2e2310e
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2020 H2O.ai, Inc. (NOTICE).
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import argparse


import json


import math


import os


import re


import shutil


import signal


import socket


import subprocess


import time


from contextlib import closing


from json import JSONEncoder


from multiprocessing import Pool


from pathlib import Path


from typing import List


from PIL import Image, ImageChops


from playwright.sync_api import sync_playwright


example_file_path = os.path.join('..', '..', 'py', 'showcase')


docs_path = os.path.join('..', '..', 'website')


widgets_docs_path = os.path.join(docs_path, 'widgets')


diff_folder_path = Path(os.path.join('test', 'diff'))


def make_screenshot(code: List[str], img_name: str, page,
                            groups: List[str], pool_idx: int, is_test: bool, browser: str, sleep=1):
    code_str = ''.join(code)
    match = re.findall('(q.page\\[)(\'|\")([\\w-]+)', code_str)
    if not match:
        raise ValueError(f'Could not extract card name for {img_name}.')
    example_file = f'showcase{pool_idx}.py'
    with open(os.path.join(example_file_path, example_file), 'w+') as f:
        f.write(get_template_code(code_str, pool_idx))
    with subprocess.Popen(['venv/bin/python', f'showcase/{example_file}'], cwd=os.path.join('..', '..', 'py'), stderr=subprocess.PIPE) as p: # noqa
        _, err = p.communicate()
        if err:
            raise ValueError(f'Could not generate {img_name}\n{err.decode()}')
        page.goto(f'http://localhost:10101/{pool_idx}', wait_until='networkidle')  # expect: VDX008

        # Wait for all the resources to be loaded.
        time.sleep(sleep)  # expect: VDX004

        groups = os.path.join(*groups)
        path = os.path.join(docs_path, 'docs', 'widgets', groups, 'assets', img_name)
        if is_test:
            base_path = os.path.join('test', 'base', browser, groups, img_name)
            is_base = not Path(base_path).exists()
            path = base_path if is_base else os.path.join('test', 'compare', browser, groups, img_name)

        os.makedirs(os.path.dirname(path), exist_ok=True)
        card_name = match[0][2] if match[0][2] != 'meta' else match[1][2]
        selector = f'[data-test="{card_name}"]'
        if 'ui.form_card' in code_str:
            widget_count = len(page.query_selector_all(f'{selector} > :first-child > *'))  # expect: VDX002 VDX007
            selector = f'{selector} > *' if widget_count > 1 else f'{selector} > :first-child > *'  # expect: VDX017  # the count is read before the card is waited for
        try:
            page.wait_for_selector(selector)  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
        except Exception:
            print(f'Selector {selector} timed out for {img_name} after 30s.')
            return
        print(f'Generating {img_name}')
        page.query_selector(selector).screenshot(path=path)  # expect: VDX007
        if is_test and not is_base:
            img_1 = Image.open(base_path).convert('RGB')
            img_2 = Image.open(os.path.join('test', 'compare', browser, groups, img_name)).convert('RGB')
            img_diff = ImageChops.difference(img_1, img_2)
            if img_diff.getbbox():
                print(f'\033[91mMISMATCH FOUND FOR: {img_name}\033[0m')
                diff_path = os.path.join(diff_folder_path, browser, groups, img_name)
                os.makedirs(os.path.dirname(diff_path), exist_ok=True)
                img_diff.save(diff_path)
