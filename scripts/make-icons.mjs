// Writes the PWA's PNG icons (public/pwa/*.png) without any image tool: a branded tile with a white "W" path.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(x / size, y / size), 1 + x * 4);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const brand = [0x33, 0x83, 0xa9, 255];
const white = [255, 255, 255, 255];
const clear = [0, 0, 0, 0];
// The letter W as four strokes between these points (unit square).
const W = [[0.24, 0.3], [0.36, 0.7], [0.5, 0.4], [0.64, 0.7], [0.76, 0.3]];
const distToSegment = (px, py, [ax, ay], [bx, by]) => {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
};
const onW = (x, y, scale) =>
  W.slice(1).some((p, i) => distToSegment(0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale, W[i], p) < 0.045);

const rounded = (x, y) => {
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return Math.hypot(x - cx, y - cy) <= r;
};

for (const size of [192, 512]) {
  writeFileSync(`public/pwa/icon-${size}.png`, png(size, (x, y) => (!rounded(x, y) ? clear : onW(x, y, 1) ? white : brand)));
}
// Maskable: full bleed, the letter inside the 80% safe zone.
writeFileSync('public/pwa/maskable-512.png', png(512, (x, y) => (onW(x, y, 0.8) ? white : brand)));
writeFileSync('public/pwa/apple-touch-icon.png', png(180, (x, y) => (onW(x, y, 0.85) ? white : brand)));
console.log('icons written');
