// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBody } from './message-body';

afterEach(cleanup);

describe('MessageBody', () => {
  it.each([
    ['<p>Hallo</p><img src=x onerror=alert(1)>', '<p>Hallo</p>'],
    ['<script>alert(1)</script><p>t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p>&lt;img src=x onerror=alert(1)&gt;</p>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
  ])('renders %s safely', (html, expected) => {
    const { container } = render(<MessageBody html={html} />);
    expect(container.querySelector('.message-body')?.innerHTML).toBe(expected);
    expect(container.querySelector('img, script')).toBeNull();
  });
  it('keeps safe links', () => {
    const { container } = render(<MessageBody html={'<a href="https://werkpad.nl" rel="noopener noreferrer" target="_blank">w</a>'} />);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://werkpad.nl');
  });
});
