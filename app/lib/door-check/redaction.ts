/*
 * The black boxes a locksmith draws over an ID photo (decision 0077), in the canvas's pixels.
 * Pure, so the drawing, the dragging and the keyboard's moves share one set of rules.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** A box too small to cover anything is a tap, not a box. */
export const MIN_BOX_SIDE = 12;

/** The size a photo is drawn at: its own, or scaled down so its long side is at most `max`. */
export function fitWithin(image: Size, max: number): Size {
  const scale = Math.min(1, max / Math.max(image.width, image.height));
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** The box a drag from `from` to `to` draws, kept inside the canvas. */
export function boxBetween(from: Point, to: Point, canvas: Size): Box {
  const x0 = clamp(Math.min(from.x, to.x), 0, canvas.width);
  const y0 = clamp(Math.min(from.y, to.y), 0, canvas.height);
  const x1 = clamp(Math.max(from.x, to.x), 0, canvas.width);
  const y1 = clamp(Math.max(from.y, to.y), 0, canvas.height);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export function isBigEnough(box: Box): boolean {
  return box.width >= MIN_BOX_SIDE && box.height >= MIN_BOX_SIDE;
}

/** The topmost box under a point (the last drawn), or -1. */
export function boxAt(boxes: readonly Box[], point: Point): number {
  for (let index = boxes.length - 1; index >= 0; index -= 1) {
    const box = boxes[index]!;
    const inside =
      point.x >= box.x &&
      point.x <= box.x + box.width &&
      point.y >= box.y &&
      point.y <= box.y + box.height;
    if (inside) return index;
  }
  return -1;
}

/** The box moved by (dx, dy), never past the canvas's edges. */
export function moveBox(box: Box, dx: number, dy: number, canvas: Size): Box {
  return {
    ...box,
    x: clamp(box.x + dx, 0, Math.max(0, canvas.width - box.width)),
    y: clamp(box.y + dy, 0, Math.max(0, canvas.height - box.height)),
  };
}

/** The box grown (or shrunk) by (dw, dh), at least MIN_BOX_SIDE, never past the edges. */
export function resizeBox(box: Box, dw: number, dh: number, canvas: Size): Box {
  return {
    ...box,
    width: clamp(box.width + dw, MIN_BOX_SIDE, canvas.width - box.x),
    height: clamp(box.height + dh, MIN_BOX_SIDE, canvas.height - box.y),
  };
}

/** A new box for the keyboard: a quarter of the canvas wide, a tenth high, in the middle. */
export function centredBox(canvas: Size): Box {
  const width = Math.max(MIN_BOX_SIDE, Math.round(canvas.width / 4));
  const height = Math.max(MIN_BOX_SIDE, Math.round(canvas.height / 10));
  return {
    x: Math.round((canvas.width - width) / 2),
    y: Math.round((canvas.height - height) / 2),
    width: Math.min(width, canvas.width),
    height: Math.min(height, canvas.height),
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
