/**
 * Article HTML as markup with readable typography on a phone and a desktop. The HTML comes from the server,
 * which sanitised it with an allow-list when it was saved and again when it was served.
 */
import { RichText } from '../../components/rich-text.tsx';

export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <RichText data-article-body="" html={html} className={className} />;
}
