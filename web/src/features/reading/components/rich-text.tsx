import { use } from 'react';
import { containsMarkup, HtmlSanitiserContext } from '@/lib/sanitize';

/**
 * Reading text may carry markup (spec §2: it is rendered as markup). It is only ever
 * inserted after a sanitiser has removed scripts, handlers and other active content: DOMPurify
 * in the browser, the server's allow-list where the server renders the report.
 */
export function RichText({
  text,
  className,
  inline = false,
}: {
  text: string;
  className?: string;
  inline?: boolean;
}) {
  const sanitise = use(HtmlSanitiserContext);
  if (containsMarkup(text)) {
    const html = { __html: sanitise(text) };
    return inline ? (
      <span className={className} dangerouslySetInnerHTML={html} />
    ) : (
      <div className={className} dangerouslySetInnerHTML={html} />
    );
  }
  if (inline) return <span className={className}>{text}</span>;
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  return (
    <div className={className}>
      {paragraphs.map((paragraph, position) => (
        <p key={position}>{paragraph}</p>
      ))}
    </div>
  );
}
