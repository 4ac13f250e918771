import { describe, expect, it } from 'vitest';
import { sanitizeBody } from './sanitize';

describe('sanitizeBody', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<p onclick="x()" style="color:red">t</p>', '<p>t</p>'],
    ['<p><strong>b</strong> <em>i</em><br></p><ul><li>l</li></ul>', '<p><strong>b</strong> <em>i</em><br></p><ul><li>l</li></ul>'],
    ['<a href="https://werkpad.nl">w</a>', '<a href="https://werkpad.nl" rel="noopener noreferrer" target="_blank">w</a>'],
    ['<a href="mailto:a@b.nl">m</a>', '<a href="mailto:a@b.nl" rel="noopener noreferrer" target="_blank">m</a>'],
    ['<iframe src="https://x"></iframe>tekst', 'tekst'],
    ['&lt;img src=x onerror=alert(1)&gt;', '&lt;img src=x onerror=alert(1)&gt;'],
  ])('%s', (input, expected) => {
    expect(sanitizeBody(input)).toBe(expected);
  });
});
