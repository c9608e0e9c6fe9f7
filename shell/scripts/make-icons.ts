/**
 * Draws the app icons of the web manifest (a white level-up chevron on the brand purple) as PNG files
 * in public/, with nothing but node:zlib. Run after changing the design: node scripts/make-icons.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const PURPLE = [109, 40, 217];

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** RGBA of the pixel at (x, y) of a size x size icon; `maskable` keeps the drawing in the safe zone. */
function pixel(x: number, y: number, size: number, maskable: boolean): number[] {
  const u = (x + 0.5) / size;
  const v = (y + 0.5) / size;
  const scale = maskable ? 0.6 : 0.8;
  const sx = (u - 0.5) / scale + 0.5;
  const sy = (v - 0.5) / scale + 0.5;
  const stroke = 0.09;
  const chevron = Math.min(
    distanceToSegment(sx, sy, 0.22, 0.5, 0.5, 0.24),
    distanceToSegment(sx, sy, 0.5, 0.24, 0.78, 0.5),
  );
  const bar = distanceToSegment(sx, sy, 0.3, 0.74, 0.7, 0.74);
  const white = chevron < stroke || bar < stroke;
  if (!maskable) {
    // Rounded square outside the drawing.
    const r = 0.2;
    const cx = Math.min(Math.max(u, r), 1 - r);
    const cy = Math.min(Math.max(v, r), 1 - r);
    if (Math.hypot(u - cx, v - cy) > r) return [0, 0, 0, 0];
  }
  return white ? [255, 255, 255, 255] : [...PURPLE, 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, maskable: boolean): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) Buffer.from(pixel(x, y, size, maskable)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.join(import.meta.dirname, '..', 'public');
for (const size of [192, 512]) writeFileSync(path.join(out, `icon-${size}.png`), png(size, false));
writeFileSync(path.join(out, 'icon-maskable-512.png'), png(512, true));
writeFileSync(path.join(out, 'apple-touch-icon.png'), png(180, true));
console.log(`icons written to ${out}`);
