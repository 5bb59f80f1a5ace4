// Draws the Teams app icons and writes appPackage/color.png and appPackage/outline.png: `node scripts/generate-icons.ts`.
// Shapes are plain geometry and the PNG is written by hand, so the icons need no image tools or dependencies.
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/** 8-bit RGBA pixels, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

type Rgba = readonly [number, number, number, number];
/** Whether a point, in pixel units from the top-left corner, lies inside the shape. */
type Shape = (x: number, y: number) => boolean;
interface Layer {
  shape: Shape;
  colour: Rgba;
}

export const ACCENT_COLOUR = '#0F6CBD';

function hex(value: string, alpha = 255): Rgba {
  const n = Number.parseInt(value.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255, alpha];
}

const WHITE = hex('#FFFFFF');
const TRANSPARENT = hex('#000000', 0);

/** With one sample per pixel, at its centre, rect(x0, y0, x1, y1) covers pixels x0…x1-1 and y0…y1-1. */
function rect(x0: number, y0: number, x1: number, y1: number): Shape {
  return (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

function roundedRect(x0: number, y0: number, x1: number, y1: number, radius: number): Shape {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const dx = Math.max(x0 + radius - x, 0, x - (x1 - radius));
    const dy = Math.max(y0 + radius - y, 0, y - (y1 - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
}

function circle(cx: number, cy: number, radius: number): Shape {
  return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
}

function both(a: Shape, b: Shape): Shape {
  return (x, y) => a(x, y) && b(x, y);
}

function without(a: Shape, b: Shape): Shape {
  return (x, y) => a(x, y) && !b(x, y);
}

/**
 * Each pixel takes the mean of samples × samples points, where the last layer covering a point gives its colour.
 * Plain RGBA means are right for the opaque colour icon; the outline icon takes one sample, so it never mixes.
 */
function render(size: number, background: Rgba, layers: Layer[], samples: number): RgbaImage {
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = px + (sx + 0.5) / samples;
          const y = py + (sy + 0.5) / samples;
          const colour = layers.findLast((layer) => layer.shape(x, y))?.colour ?? background;
          for (let c = 0; c < 4; c++) sum[c]! += colour[c]!;
        }
      }
      for (let c = 0; c < 4; c++) pixels[(py * size + px) * 4 + c] = Math.round(sum[c]! / samples ** 2);
    }
  }
  return { width: size, height: size, pixels };
}

/** 192×192, opaque: a white calendar page with a coral header band, two binder rings and a grid of days, on the accent colour. */
export function renderColorIcon(): RgbaImage {
  const page = roundedRect(40, 48, 152, 156, 14);
  const days: Layer[] = [];
  for (const [row, y] of [98, 120, 142].entries()) {
    for (const [column, x] of [60, 84, 108, 132].entries()) {
      const today = row === 1 && column === 2;
      days.push({ shape: circle(x, y, today ? 8 : 6), colour: hex(today ? '#E8594A' : '#A9BDD9') });
    }
  }
  return render(
    192,
    hex(ACCENT_COLOUR),
    [
      { shape: roundedRect(40, 53, 152, 161, 14), colour: hex('#0A4F8F') },
      { shape: page, colour: WHITE },
      { shape: both(page, rect(40, 48, 152, 80)), colour: hex('#E8594A') },
      ...[72, 120].map((x) => ({ shape: roundedRect(x - 6, 34, x + 6, 62, 6), colour: hex('#1B2A41') })),
      ...days,
    ],
    4,
  );
}

/** 32×32 for the Teams app bar: white on transparent only, so one sample per pixel and no anti-aliasing. */
export function renderOutlineIcon(): RgbaImage {
  const shapes = [
    without(roundedRect(4, 5, 28, 29, 2), rect(6, 7, 26, 27)), // the page's border
    rect(6, 9, 26, 11), // the header's lower edge
    ...[9, 21].map((x) => rect(x, 2, x + 2, 8)), // the rings
  ];
  for (const y of [14, 18, 22]) {
    for (const x of [9, 13, 17, 21]) shapes.push(rect(x, y, x + 2, y + 2));
  }
  return render(32, TRANSPARENT, shapes.map((shape) => ({ shape, colour: WHITE })), 1);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A complete 8-bit RGBA PNG around scanlines that already carry their filter-type byte. */
export function pngFromScanlines(width: number, height: number, scanlines: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Every row with filter type 0: the icons are small enough that filtering would buy nothing. */
export function encodePng(image: RgbaImage): Buffer {
  const stride = image.width * 4;
  const scanlines = new Uint8Array(image.height * (stride + 1));
  for (let y = 0; y < image.height; y++) scanlines.set(image.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return pngFromScanlines(image.width, image.height, scanlines);
}

export const ICONS = { 'color.png': renderColorIcon, 'outline.png': renderOutlineIcon } as const;

if (import.meta.main) {
  for (const [name, draw] of Object.entries(ICONS)) {
    const file = new URL(`../appPackage/${name}`, import.meta.url);
    writeFileSync(file, encodePng(draw()));
    console.log(`Wrote ${file.pathname}`);
  }
}
