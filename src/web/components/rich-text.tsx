/**
 * HTML from the server as readable markup on a phone and a desktop (headings, lists, links, quotes,
 * images, tables): Matric Guide articles and the legal pages. The server sanitised it with an allow-list
 * when it was saved and again when it was served; nothing else may be passed here.
 */
import { cn } from '../lib/utils.ts';

const TYPOGRAPHY = [
  'max-w-none text-base leading-7 text-foreground sm:text-[1.0625rem] sm:leading-8 break-words',
  '[&>*+*]:mt-5',
  '[&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:mt-10',
  '[&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-primary [&_h2]:mt-10 [&_h2:first-child]:mt-0',
  '[&_h3]:text-xl [&_h3]:font-semibold [&_h3]:mt-8',
  '[&_h4]:text-lg [&_h4]:font-semibold [&_h4]:mt-6',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-primary',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-primary/80',
  '[&_strong]:font-semibold [&_mark]:bg-gold/40 [&_mark]:px-0.5',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gold [&_blockquote]:bg-secondary/60 [&_blockquote]:py-3 [&_blockquote]:px-4 [&_blockquote]:italic [&_blockquote]:rounded-r-lg',
  '[&_img]:rounded-xl [&_img]:max-w-full [&_img]:h-auto [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground',
  '[&_hr]:my-8 [&_hr]:border-border',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4',
  '[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:table',
  '[&_th]:border [&_th]:border-border [&_th]:bg-secondary [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold',
  '[&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_caption]:mb-2 [&_caption]:text-muted-foreground',
].join(' ');

export function RichText({
  html,
  className,
  ...rest
}: { html: string; className?: string } & Record<`data-${string}`, string>) {
  return (
    <div
      {...rest}
      className={cn(TYPOGRAPHY, className)}
      // Sanitised on the server (allow-list) when saved and when served.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
