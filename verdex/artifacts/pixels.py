"""Pixel work on PNG screenshots (Pillow): what changed between two, a crop, a picture of the change."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

# A channel must move by more than this to count: PNG screenshots are exact, but antialiased text
# re-rasterised at the same place can differ by a step or two.
THRESHOLD = 8
HIGHLIGHT = (255, 0, 0)


@dataclass(frozen=True)
class PixelChange:
    share: float                                    # changed pixels / all pixels, 0–1
    box: tuple[int, int, int, int] | None           # left, top, right, bottom (exclusive) of the change
    width: int
    height: int


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _changed_mask(before: Image.Image, after: Image.Image) -> Image.Image:
    difference = ImageChops.difference(before, after)
    strongest = ImageChops.lighter(ImageChops.lighter(*difference.split()[:2]), difference.split()[2])
    return strongest.point(lambda v: 255 if v > THRESHOLD else 0)


def compare(before_png: bytes, after_png: bytes) -> PixelChange:
    before, after = _image(before_png), _image(after_png)
    width, height = after.size
    if before.size != after.size:            # the viewport was resized: everything changed
        return PixelChange(1.0, (0, 0, width, height), width, height)
    mask = _changed_mask(before, after)
    changed = mask.histogram()[255]
    return PixelChange(changed / (width * height), mask.getbbox(), width, height)


def highlight(before_png: bytes, after_png: bytes, box: tuple[int, int, int, int] | None) -> bytes:
    """The after picture, faded, with the changed pixels in red and the change's box outlined."""
    before, after = _image(before_png), _image(after_png)
    faded = Image.blend(after, Image.new("RGB", after.size, (255, 255, 255)), 0.6)
    if before.size == after.size:
        faded.paste(Image.new("RGB", after.size, HIGHLIGHT), mask=_changed_mask(before, after))
    if box is not None:
        ImageDraw.Draw(faded).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline=HIGHLIGHT, width=2)
    return _png(faded)


def crop(png: bytes, left: float, top: float, width: float, height: float, *, padding: int = 8) -> bytes | None:
    """The region (with some padding) clipped to the picture; None when nothing of it is inside."""
    image = _image(png)
    box = (max(0, int(left) - padding), max(0, int(top) - padding),
           min(image.width, int(left + width + 0.999) + padding), min(image.height, int(top + height + 0.999) + padding))
    if box[2] <= box[0] or box[3] <= box[1]:
        return None
    return _png(image.crop(box))


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
