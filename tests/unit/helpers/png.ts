import { crc32, inflateSync } from 'node:zlib';

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/** 8-bit RGBA pixels, row by row. */
export interface RgbaPixels {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const RGBA = 6;
const BYTES_PER_PIXEL = 4;

/** The file's chunks in order, after checking the signature and every chunk's CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG: the signature is wrong');
  const found: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const body = png.subarray(offset + 4, offset + 8 + length);
    const type = body.toString('latin1', 0, 4);
    if (png.readUInt32BE(offset + 8 + length) !== crc32(body)) throw new Error(`PNG chunk ${type} has a bad CRC`);
    found.push({ type, data: body.subarray(4) });
    offset += 12 + length;
  }
  return found;
}

export function readPngHeader(png: Buffer): PngHeader {
  const ihdr = chunks(png)[0];
  if (ihdr?.type !== 'IHDR') throw new Error('PNG does not start with IHDR');
  const { data } = ihdr;
  return { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colourType: data[9]!, interlaced: data[12] === 1 };
}

/** Paeth's predictor (PNG specification, 9.4): whichever neighbour is closest to left + above - above-left. */
function paeth(left: number, above: number, aboveLeft: number): number {
  const estimate = left + above - aboveLeft;
  const [toLeft, toAbove, toAboveLeft] = [left, above, aboveLeft].map((neighbour) => Math.abs(estimate - neighbour)) as [number, number, number];
  if (toLeft <= toAbove && toLeft <= toAboveLeft) return left;
  return toAbove <= toAboveLeft ? above : aboveLeft;
}

/**
 * Decodes an 8-bit RGBA, non-interlaced PNG, undoing all five row filters, since an editor or optimiser that
 * rewrites an icon may use any of them. Other formats are refused rather than half-read.
 */
export function readPng(png: Buffer): RgbaPixels {
  const { width, height, bitDepth, colourType, interlaced } = readPngHeader(png);
  if (bitDepth !== 8 || colourType !== RGBA || interlaced) {
    throw new Error(`Only 8-bit RGBA non-interlaced PNGs are read here (bit depth ${bitDepth}, colour type ${colourType}, interlaced ${interlaced})`);
  }
  const filtered = inflateSync(Buffer.concat(chunks(png).filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const stride = width * BYTES_PER_PIXEL;
  if (filtered.length !== height * (stride + 1)) throw new Error(`PNG image data is ${filtered.length} bytes, not ${height * (stride + 1)}`);
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)]!;
    const row = filtered.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= BYTES_PER_PIXEL ? pixels[at + x - BYTES_PER_PIXEL]! : 0;
      const above = y > 0 ? pixels[at - stride + x]! : 0;
      const aboveLeft = y > 0 && x >= BYTES_PER_PIXEL ? pixels[at - stride + x - BYTES_PER_PIXEL]! : 0;
      const predictions = [0, left, above, Math.floor((left + above) / 2), paeth(left, above, aboveLeft)];
      const prediction = predictions[filter];
      if (prediction === undefined) throw new Error(`PNG row ${y} has unknown filter type ${filter}`);
      pixels[at + x] = (row[x]! + prediction) & 0xff;
    }
  }
  return { width, height, pixels };
}
