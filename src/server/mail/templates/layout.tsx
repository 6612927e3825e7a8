/**
 * The frame of every email: the site's logo (or name) at the top, the message, and a footer that says why
 * the mail came and, for non-essential mail, how to stop it. Table-based through react-email's components,
 * inline styles only, one column up to 600 px wide: it reads the same in Gmail, Outlook and on a phone.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

/** What every template knows besides its payload: the site, and the links that depend on the recipient. */
export interface MailContext {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** The brand name from site content (footer brand_name), 'Matric Moments' when unset. */
  siteName: string;
  /** The site logo from site content as an absolute URL, or null. */
  logoUrl: string | null;
  /** The one-click unsubscribe link of non-essential mail; null for essential mail. */
  unsubscribeUrl: string | null;
  /** What the unsubscribe link turns off, e.g. 'New enquiries'. */
  categoryLabel: string | null;
  /** Whether the recipient has an account (whose notification settings the footer can point to). */
  recipientHasAccount: boolean;
}

/** An absolute link on this site. */
export function siteUrl(ctx: Pick<MailContext, 'publicUrl'>, path: string): string {
  return `${ctx.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

const colors = {
  text: '#1d1a2e',
  muted: '#625f75',
  primary: '#5a3ec8',
  border: '#e6e3ef',
  background: '#f6f5fa',
  quote: '#f1eefb',
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: colors.background, fontFamily: font, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    border: `1px solid ${colors.border}`,
    borderRadius: '8px',
    maxWidth: '600px',
    width: '100%',
    padding: '24px',
  },
  brand: { fontSize: '20px', fontWeight: 700, color: colors.primary, margin: 0, textDecoration: 'none' },
  heading: { fontSize: '22px', lineHeight: '30px', color: colors.text, margin: '24px 0 12px' },
  text: { fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 16px' },
  small: { fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 8px' },
  button: {
    backgroundColor: colors.primary,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  quote: {
    backgroundColor: colors.quote,
    borderLeft: `4px solid ${colors.primary}`,
    padding: '12px 16px',
    margin: '0 0 16px',
    fontSize: '16px',
    lineHeight: '24px',
    color: colors.text,
    whiteSpace: 'pre-wrap',
  },
  label: { fontSize: '13px', color: colors.muted, margin: '0', lineHeight: '20px' },
  value: { fontSize: '16px', color: colors.text, margin: '0 0 12px', lineHeight: '24px' },
  link: { color: colors.primary },
} satisfies Record<string, CSSProperties>;

export function Layout(props: {
  ctx: MailContext;
  /** The line a mail client shows next to the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  const { ctx } = props;
  return (
    <Html lang="en-ZA">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section>
            <Link href={siteUrl(ctx, '/')} style={styles.brand}>
              {ctx.logoUrl ? (
                <Img
                  src={ctx.logoUrl}
                  alt={ctx.siteName}
                  height="40"
                  style={{ height: '40px', width: 'auto' }}
                />
              ) : (
                ctx.siteName
              )}
            </Link>
          </Section>
          <Heading as="h1" style={styles.heading}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: colors.border, margin: '24px 0 16px' }} />
          <Footer ctx={ctx} />
        </Container>
      </Body>
    </Html>
  );
}

function Footer({ ctx }: { ctx: MailContext }) {
  if (!ctx.unsubscribeUrl) {
    return (
      <Text style={styles.small}>
        You are receiving this email because of your account at {ctx.siteName}. For your security it is always
        sent.
      </Text>
    );
  }
  return (
    <>
      <Text style={styles.small}>
        You are receiving this email because{' '}
        {ctx.categoryLabel ? `“${ctx.categoryLabel}” emails are` : 'this email is'} switched on for your
        address at {ctx.siteName}.
      </Text>
      <Text style={styles.small}>
        <Link href={ctx.unsubscribeUrl} style={styles.link}>
          Unsubscribe from these emails
        </Link>
        {ctx.recipientHasAccount ? (
          <>
            {' · '}
            <Link href={siteUrl(ctx, '/dashboard/settings')} style={styles.link}>
              Notification settings
            </Link>
          </>
        ) : null}
      </Text>
    </>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function Small({ children }: { children: ReactNode }) {
  return <Text style={styles.small}>{children}</Text>;
}

/** The message's main action: a button, with the address written out below for clients that hide it. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      <Text className="link-fallback" style={{ ...styles.small, margin: '12px 0 0', wordBreak: 'break-all' }}>
        Or open this link:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** Words someone wrote (an enquiry, a reply, a reason), kept as they wrote them. */
export function Quote({ children }: { children: ReactNode }) {
  return <Text style={styles.quote}>{children}</Text>;
}

/** Label and value pairs (an enquiry's name, email, phone…). */
export function Details({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Section style={{ margin: '0 0 8px' }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text style={styles.label}>{label}</Text>
          <Text style={styles.value}>{value}</Text>
        </div>
      ))}
    </Section>
  );
}
