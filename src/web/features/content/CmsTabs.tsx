/**
 * The tabs of /admin/cms (Hero, About, Contact, Footer, FAQs, Website, Legal). The open tab is in the URL
 * (`?tab=faqs`), so a reload or a shared link opens it; only the open tab is mounted. Leaving a tab with
 * unsaved changes (another tab, another page) asks first. Each tab links to the public page it changes.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { CONTENT_MESSAGES, type ContentSection } from '@domain/content.ts';
import { PRODUCT_NAME } from '@domain/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useAdminContent, useAdminFaqs, useAdminLegal } from './admin-api.ts';
import { BannerManager } from './BannerManager.tsx';
import { FaqEditor } from './FaqEditor.tsx';
import { LegalEditor } from './LegalEditor.tsx';
import { LogoEditor } from './LogoEditor.tsx';
import { SectionForm } from './SectionForm.tsx';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt.tsx';
import { QueryError } from '../../components/query-state.tsx';

const TABS = [
  {
    value: 'hero',
    label: 'Hero',
    title: 'Home page hero',
    description: 'The heading, subheading and figures at the top of the home page, and its banner carousel.',
    publicPage: { to: '/', label: 'View the home page' },
  },
  {
    value: 'about',
    label: 'About',
    title: 'About page',
    description: 'The title and text of the About page.',
    publicPage: { to: '/about', label: 'View the About page' },
  },
  {
    value: 'contact',
    label: 'Contact',
    title: 'Contact details',
    description: 'How visitors reach you, and the bank details for Matric Guide payments.',
    publicPage: { to: '/contact', label: 'View the Contact page' },
  },
  {
    value: 'footer',
    label: 'Footer',
    title: 'Footer',
    description: 'The brand name, description and copyright line at the foot of every page.',
    publicPage: { to: '/', label: 'View the footer' },
  },
  {
    value: 'faqs',
    label: 'FAQs',
    title: 'Frequently asked questions',
    description: 'The questions on the FAQ page, in this order. Inactive ones are hidden.',
    publicPage: { to: '/faq', label: 'View the FAQ page' },
  },
  {
    value: 'website',
    label: 'Website',
    title: 'Website logo',
    description: 'The logo in the header and footer.',
    publicPage: { to: '/', label: 'View the site' },
  },
  {
    value: 'legal',
    label: 'Legal',
    title: 'Privacy policy and terms',
    description:
      'The Privacy Policy and Terms of Service pages, linked from the footer, sign-up and enquiries.',
    publicPage: { to: '/privacy', label: 'View the Privacy Policy' },
  },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return <QueryError message={CONTENT_MESSAGES.loadFailed} onRetry={onRetry} className="py-6" />;
}

function Loading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <span className="sr-only">Loading content</span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-10 w-40" />
    </div>
  );
}

function TabBody({ tab, onDirtyChange }: { tab: TabValue; onDirtyChange: (dirty: boolean) => void }) {
  if (tab === 'faqs') return <FaqsTab onDirtyChange={onDirtyChange} />;
  if (tab === 'legal') return <LegalTab onDirtyChange={onDirtyChange} />;
  return <SectionTab tab={tab} onDirtyChange={onDirtyChange} />;
}

function FaqsTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const faqs = useAdminFaqs();
  if (faqs.isPending) return <Loading />;
  if (faqs.isError) return <LoadFailed onRetry={() => void faqs.refetch()} />;
  return <FaqEditor faqs={faqs.data} onDirtyChange={onDirtyChange} />;
}

function LegalTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const legal = useAdminLegal();
  if (legal.isPending) return <Loading />;
  if (legal.isError) return <LoadFailed onRetry={() => void legal.refetch()} />;
  return <LegalEditor legal={legal.data} onDirtyChange={onDirtyChange} />;
}

function SectionTab({
  tab,
  onDirtyChange,
}: {
  tab: Exclude<TabValue, 'faqs' | 'legal'>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const content = useAdminContent();
  if (content.isPending) return <Loading />;
  if (content.isError) return <LoadFailed onRetry={() => void content.refetch()} />;
  if (tab === 'website') {
    return (
      <LogoEditor
        logo={content.data.logo}
        brandName={content.data.footer.brand_name.trim() || PRODUCT_NAME}
        onDirtyChange={onDirtyChange}
      />
    );
  }
  const section: ContentSection = tab;
  return (
    <div className="space-y-10">
      <SectionForm section={section} values={content.data[section]} onDirtyChange={onDirtyChange} />
      {tab === 'hero' && <BannerManager />}
    </div>
  );
}

export function CmsTabs() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'hero';
  const [dirty, setDirty] = useState(false);

  return (
    <>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'hero') next.delete('tab');
          else next.set('tab', value);
          setParams(next);
        }}
      >
        <TabsList className="grid h-auto w-full grid-cols-4 gap-1 sm:grid-cols-7">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="min-h-10">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="space-y-1.5">
                  <CardTitle as="h2" className="text-xl">
                    {t.title}
                  </CardTitle>
                  <CardDescription>{t.description}</CardDescription>
                </div>
                <Button asChild variant="outline" size="sm" className="min-h-11 sm:min-h-8">
                  <Link to={t.publicPage.to}>
                    <ExternalLink aria-hidden="true" />
                    {t.publicPage.label}
                  </Link>
                </Button>
              </CardHeader>
              <CardContent>
                {tab === t.value && <TabBody tab={t.value} onDirtyChange={setDirty} />}
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
      <UnsavedChangesPrompt dirty={dirty} />
    </>
  );
}
