import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

/** A run of text on a printed page, and its box in PDF points (origin at the page's bottom left). */
export interface TextBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  width: number;
  height: number;
  boxes: TextBox[];
}

/**
 * Each page of a PDF with its text boxes, read back with PDF.js. A box spans its run's width and, from a little below its
 * baseline (the descenders), its font's size: two lines set one under the other never share one.
 */
export async function readPdf(pdf: Uint8Array): Promise<PdfPage[]> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false });
  const document = await task.promise;
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const boxes = content.items
      .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
      .map((item) => {
        const size = Math.hypot(item.transform[2]!, item.transform[3]!);
        return { text: item.str, x: item.transform[4]!, y: item.transform[5]! - size * 0.2, width: item.width, height: size };
      });
    pages.push({ width, height, boxes });
  }
  await task.destroy();
  return pages;
}

/** Pairs of boxes that overlap by more than `slack` points each way: text printed over text. */
export function overlappingBoxes(boxes: readonly TextBox[], slack = 0.5): [TextBox, TextBox][] {
  const overlaps = (a: TextBox, b: TextBox) =>
    a.x < b.x + b.width - slack && b.x < a.x + a.width - slack && a.y < b.y + b.height - slack && b.y < a.y + a.height - slack;
  return boxes.flatMap((a, index) => boxes.slice(index + 1).filter((b) => overlaps(a, b)).map((b): [TextBox, TextBox] => [a, b]));
}

/** A page's text without its spaces and line breaks: a title wrapped over lines is found whole in it. */
export function joinedText(boxes: readonly TextBox[]): string {
  return boxes.map((box) => box.text).join('').replace(/\s+/g, '');
}
