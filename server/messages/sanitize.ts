import DOMPurify from 'isomorphic-dompurify';
import { escapeHtml } from '../../src/domain/messages/body-format';

/**
 * Message bodies are small HTML: paragraphs, line breaks, bold and italic, lists and links. Links keep
 * only http(s) and mailto addresses and always get rel="noopener noreferrer" and target _blank.
 * Everything else (script, img, event handlers, style) is removed; text stays text.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote'];
const ALLOWED_ATTR = ['href'];
const SAFE_HREF = /^(https?:|mailto:)/i;

let hooked = false;
function ensureHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href.trim())) node.removeAttribute('href');
    else {
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('target', '_blank');
    }
  });
}

export function sanitizeBody(html: string): string {
  ensureHook();
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'rel', 'target'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    KEEP_CONTENT: true,
  });
  return typeof clean === 'string' ? clean : escapeHtml(html);
}
