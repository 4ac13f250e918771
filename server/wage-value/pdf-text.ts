/**
 * The text of a PDF made by pdfmake/pdfkit with a standard font, for tests: content streams are
 * inflated, the hex strings of TJ/Tj operators decoded (WinAnsi ≈ latin1), each text operator a line.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const stream = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = stream.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const body = op[1] ?? `<${op[2] ?? ''}>`;
      const text = [...body.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join('')
        .replace(/\x80/g, '€').replace(/\xa0/g, ' '); // WinAnsi euro; no-break space as a space
      lines.push(text);
    }
    stream.lastIndex = end + 'endstream'.length;
  }
  // pdfmake writes a line word by word: a piece ending in a space continues on the same line.
  return lines.reduce((out, piece, i) => (i === 0 ? piece : out.endsWith(' ') ? out + piece : `${out}\n${piece}`), '');
}
