import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { ID_PHOTO_MAX_BYTES, ID_PHOTO_MAX_SIDE } from "~/lib/door-check/id-photo";
import {
  boxAt,
  boxBetween,
  centredBox,
  fitWithin,
  isBigEnough,
  moveBox,
  resizeBox,
  type Box,
  type Point,
  type Size,
} from "~/lib/door-check/redaction";

/*
 * The door check's optional photo of the ID (decision 0077), only where the owner keeps them
 * and only with JavaScript: the photo is drawn on a canvas here, the locksmith covers the ID
 * number, date of birth and address with black boxes, and only that redacted canvas, as a
 * JPEG, goes into the form (the hidden `idPhoto` input). The picked file has no name, so the
 * unredacted photo never leaves the phone. Without JavaScript nothing is offered.
 */

type Drag =
  | { mode: "draw"; from: Point; to: Point }
  | { mode: "move"; index: number; from: Point; to: Point };

const STEP = 10;

export function IdPhotoStep({ error }: { error?: string }) {
  const hydrated = useHydrated();
  const view = useRef<HTMLCanvasElement>(null);
  const upload = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<{ bitmap: ImageBitmap; size: Size } | null>(null);
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [history, setHistory] = useState<Box[][]>([]);
  const [selected, setSelected] = useState(-1);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [status, setStatus] = useState("");

  const commit = (next: Box[], select = selected) => {
    setHistory((past) => [...past, boxes]);
    setBoxes(next);
    setSelected(select);
  };
  const shown = drag ? dragged(boxes, drag, image?.size) : boxes;

  // The screen: the photo, the boxes, and an outline round the chosen one (never exported).
  useEffect(() => {
    const context = view.current?.getContext("2d");
    if (!context || !image) return;
    paint(context, image.bitmap, image.size, shown);
    const chosen = shown[selected];
    if (chosen) {
      context.lineWidth = 4;
      context.strokeStyle = "#f59e0b";
      context.strokeRect(chosen.x, chosen.y, chosen.width, chosen.height);
    }
  }, [image, shown, selected]);

  // The form's file: the redacted picture, exported again after every finished change.
  useEffect(() => {
    if (!image || drag) return;
    let current = true;
    void exportRedacted(image.bitmap, image.size, boxes).then((file) => {
      if (!current || !upload.current) return;
      const transfer = new DataTransfer();
      if (file) transfer.items.add(file);
      upload.current.files = transfer.files;
      setStatus(
        file
          ? `Photo ready with ${boxes.length} black box${boxes.length === 1 ? "" : "es"}.`
          : "The photo is too large to send: take it again.",
      );
    });
    return () => {
      current = false;
    };
  }, [image, boxes, drag]);

  if (!hydrated) return null;

  const point = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    const size = image?.size ?? { width: 1, height: 1 };
    return {
      x: ((event.clientX - rect.left) * size.width) / rect.width,
      y: ((event.clientY - rect.top) * size.height) / rect.height,
    };
  };

  const pick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The picker keeps no copy: the unredacted file is only in this canvas's memory.
    event.currentTarget.value = "";
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      setImage({ bitmap, size: fitWithin(bitmap, ID_PHOTO_MAX_SIDE) });
      setBoxes([]);
      setHistory([]);
      setSelected(-1);
    } catch {
      setStatus("That file is not a photo this phone can open. Take the photo again.");
    }
  };

  const onKey = (event: React.KeyboardEvent<HTMLCanvasElement>) => {
    const box = boxes[selected];
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const delta = arrows[event.key];
    if (!delta || !box || !image) return;
    event.preventDefault();
    const [dx, dy] = delta;
    // Shift + arrows resize the chosen box; arrows alone move it.
    const next = event.shiftKey
      ? resizeBox(box, dx, dy, image.size)
      : moveBox(box, dx, dy, image.size);
    commit(boxes.map((each, index) => (index === selected ? next : each)));
  };

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-semibold">Photo of the ID (redacted, optional)</legend>
      <p id="id-photo-hint" className="text-sm text-muted-foreground">
        Black out the ID number, the date of birth and the address: drag on the photo to draw a box,
        drag a box to move it. With a keyboard: Add a box, then the arrow keys on the photo move it
        and Shift with the arrows resizes it. Only the blacked-out copy is sent.
      </p>
      <label className="grid gap-1 text-sm font-medium">
        {image ? "Take or choose the photo again" : "Take or choose a photo of the ID"}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => void pick(event)}
          aria-describedby={error ? "id-photo-error" : undefined}
          className="w-full min-w-0 text-base"
        />
      </label>
      <input ref={upload} type="file" name="idPhoto" hidden tabIndex={-1} aria-hidden="true" />
      {image && (
        <>
          <canvas
            ref={view}
            width={image.size.width}
            height={image.size.height}
            tabIndex={0}
            role="application"
            aria-label="The ID photo, with the black boxes drawn on it"
            aria-describedby="id-photo-hint"
            data-id-photo
            className="h-auto w-full touch-none rounded-md border-2 border-muted-foreground bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-700"
            onKeyDown={onKey}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              const at = point(event);
              const index = boxAt(boxes, at);
              if (index >= 0) setSelected(index);
              setDrag(
                index >= 0
                  ? { mode: "move", index, from: at, to: at }
                  : { mode: "draw", from: at, to: at },
              );
            }}
            onPointerMove={(event) => {
              if (drag) setDrag({ ...drag, to: point(event) });
            }}
            onPointerUp={() => {
              if (!drag || !image) return;
              const next = dragged(boxes, drag, image.size);
              setDrag(null);
              if (drag.mode === "draw" && next.length === boxes.length) return;
              commit(next, drag.mode === "draw" ? next.length - 1 : drag.index);
            }}
            onPointerCancel={() => setDrag(null)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => commit([...boxes, centredBox(image.size)], boxes.length)}
            >
              Add a box
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={history.length === 0}
              onClick={() => {
                setBoxes(history.at(-1) ?? []);
                setHistory(history.slice(0, -1));
                setSelected(-1);
              }}
            >
              Undo
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setImage(null);
                setBoxes([]);
                setHistory([]);
                if (upload.current) upload.current.files = new DataTransfer().files;
                setStatus("Photo removed.");
              }}
            >
              Remove the photo
            </Button>
          </div>
        </>
      )}
      <p role="status" className="text-sm">
        {status}
      </p>
      {error && (
        <p id="id-photo-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The boxes as they stand while a drag is under way. */
function dragged(boxes: Box[], drag: Drag, size: Size | undefined): Box[] {
  if (!size) return boxes;
  if (drag.mode === "draw") {
    const box = boxBetween(drag.from, drag.to, size);
    return isBigEnough(box) ? [...boxes, box] : boxes;
  }
  return boxes.map((box, index) =>
    index === drag.index
      ? moveBox(box, drag.to.x - drag.from.x, drag.to.y - drag.from.y, size)
      : box,
  );
}

function paint(
  context: CanvasRenderingContext2D,
  bitmap: ImageBitmap,
  size: Size,
  boxes: readonly Box[],
) {
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  context.fillStyle = "#000";
  for (const box of boxes) context.fillRect(box.x, box.y, box.width, box.height);
}

/** The redacted photo as a JPEG within the cap (a lower quality when needed), or null. */
async function exportRedacted(bitmap: ImageBitmap, size: Size, boxes: readonly Box[]) {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  paint(context, bitmap, size, boxes);
  for (const quality of [0.85, 0.7, 0.5]) {
    const blob = await new Promise<Blob | null>((done) =>
      canvas.toBlob(done, "image/jpeg", quality),
    );
    if (blob && blob.size <= ID_PHOTO_MAX_BYTES) {
      return new File([blob], "id-photo.jpg", { type: "image/jpeg" });
    }
  }
  return null;
}
