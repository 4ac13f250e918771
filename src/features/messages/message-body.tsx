import DOMPurify from 'isomorphic-dompurify';
import { useMemo } from 'react';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote'];

/**
 * A message body: HTML the server already sanitised, sanitised again here with the same allow-list
 * (a document written offline, or one from an older server, never reaches the DOM unchecked).
 */
export function MessageBody({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS,
        ALLOWED_ATTR: ['href', 'rel', 'target'],
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
      }),
    [html],
  );
  return <div className="message-body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
