import { describe, expect, it } from "vitest";
import {
  boxAt,
  boxBetween,
  centredBox,
  fitWithin,
  isBigEnough,
  moveBox,
  resizeBox,
} from "./redaction";

const canvas = { width: 1280, height: 960 };

describe("the ID photo's black boxes", () => {
  it("scales a large photo down to 1280 on its long side, and leaves a small one as it is", () => {
    expect(fitWithin({ width: 4032, height: 3024 }, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin({ width: 3024, height: 4032 }, 1280)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin({ width: 800, height: 600 }, 1280)).toEqual({ width: 800, height: 600 });
  });

  it("draws a box from any corner, kept inside the canvas", () => {
    expect(boxBetween({ x: 300, y: 200 }, { x: 100, y: 50 }, canvas)).toEqual({
      x: 100,
      y: 50,
      width: 200,
      height: 150,
    });
    expect(boxBetween({ x: -40, y: 900 }, { x: 60, y: 2000 }, canvas)).toEqual({
      x: 0,
      y: 900,
      width: 60,
      height: 60,
    });
  });

  it("treats a tap as no box", () => {
    expect(isBigEnough(boxBetween({ x: 10, y: 10 }, { x: 14, y: 40 }, canvas))).toBe(false);
    expect(isBigEnough(boxBetween({ x: 10, y: 10 }, { x: 40, y: 40 }, canvas))).toBe(true);
  });

  it("finds the topmost box under a point", () => {
    const boxes = [
      { x: 0, y: 0, width: 100, height: 100 },
      { x: 50, y: 50, width: 100, height: 100 },
    ];
    expect(boxAt(boxes, { x: 60, y: 60 })).toBe(1);
    expect(boxAt(boxes, { x: 10, y: 10 })).toBe(0);
    expect(boxAt(boxes, { x: 500, y: 500 })).toBe(-1);
  });

  it("moves and resizes a box without leaving the canvas", () => {
    const box = { x: 1200, y: 10, width: 60, height: 20 };
    expect(moveBox(box, 100, -50, canvas)).toEqual({ x: 1220, y: 0, width: 60, height: 20 });
    expect(resizeBox(box, 500, -100, canvas)).toEqual({ x: 1200, y: 10, width: 80, height: 12 });
  });

  it("puts the keyboard's new box in the middle", () => {
    expect(centredBox(canvas)).toEqual({ x: 480, y: 432, width: 320, height: 96 });
  });
});
