"""Pixel work on PNG screenshots (Pillow): what changed between two, a crop, a picture of the change.
Decoding a PNG is the costly part, so each screenshot is decoded once per action, the one taken before
it while the action runs."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

# A channel must move by more than this to count: PNG screenshots are exact, but antialiased text
# re-rasterised at the same place can differ by a step or two.
THRESHOLD = 8
HIGHLIGHT = (255, 0, 0)


@dataclass(frozen=True)
class Comparison:
    before: Image.Image
    after: Image.Image
    changed: Image.Image | None                     # 255 where a pixel changed; None when the sizes differ
    share: float                                    # changed pixels / all pixels, 0–1
    box: tuple[int, int, int, int] | None           # left, top, right, bottom (exclusive) of the change


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def compare(before: Image.Image, after_png: bytes) -> Comparison:
    """``before`` is decoded already (while the action ran); ``after_png`` as the screenshot came."""
    after = decode(after_png)
    if before.size != after.size:            # the viewport was resized: everything changed
        return Comparison(before, after, None, 1.0, (0, 0, *after.size))
    difference = ImageChops.difference(before, after)
    red, green, blue = difference.split()
    changed = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda v: 255 if v > THRESHOLD else 0)
    share = changed.histogram()[255] / (after.width * after.height)
    return Comparison(before, after, changed, share, changed.getbbox())


def highlight(comparison: Comparison) -> bytes:
    """The after picture, faded, with the changed pixels in red and the change's box outlined."""
    after = comparison.after
    faded = Image.blend(after, Image.new("RGB", after.size, (255, 255, 255)), 0.6)
    if comparison.changed is not None:
        faded.paste(Image.new("RGB", after.size, HIGHLIGHT), mask=comparison.changed)
    if comparison.box is not None:
        left, top, right, bottom = comparison.box
        ImageDraw.Draw(faded).rectangle((left, top, right - 1, bottom - 1), outline=HIGHLIGHT, width=2)
    return encode(faded)


def crop(image: Image.Image, left: float, top: float, width: float, height: float, *,
         padding: int = 8) -> bytes | None:
    """The region (with some padding) clipped to the picture; None when nothing of it is inside."""
    box = (max(0, int(left) - padding), max(0, int(top) - padding),
           min(image.width, int(left + width + 0.999) + padding), min(image.height, int(top + height + 0.999) + padding))
    if box[2] <= box[0] or box[3] <= box[1]:
        return None
    return encode(image.crop(box))


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
