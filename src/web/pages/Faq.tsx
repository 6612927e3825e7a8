import { Link } from 'react-router';
import { MessageCircleQuestion } from 'lucide-react';
import { LIMITS } from '@domain/constants.ts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../components/ui/accordion.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFaqs } from '../features/marketplace/api.ts';

export default function Faq() {
  const { data: faqs, isPending, isError } = useFaqs();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <MessageCircleQuestion aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Frequently Asked Questions</h1>
        <p className="mt-3 text-muted-foreground">Answers to the questions we hear most often.</p>
      </header>

      <div className="mt-10 rounded-xl border bg-card px-5 shadow-sm sm:px-6">
        {isPending ? (
          <ul aria-busy="true" aria-label="Loading FAQs" className="divide-y">
            {Array.from({ length: LIMITS.faqSkeletonCount }, (_, i) => (
              <li key={i} className="py-4" data-testid="faq-skeleton">
                <Skeleton className="h-5 w-4/5" />
              </li>
            ))}
          </ul>
        ) : isError || !faqs || faqs.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">No FAQs available at the moment.</p>
        ) : (
          <Accordion type="single" collapsible>
            {faqs.map((faq) => (
              <AccordionItem key={faq.id} value={faq.id}>
                <AccordionTrigger level={2} className="text-base">
                  {faq.question}
                </AccordionTrigger>
                <AccordionContent className="leading-relaxed whitespace-pre-line text-muted-foreground">
                  {faq.answer}
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        )}
      </div>

      <div className="mt-10 rounded-xl bg-secondary/60 p-6 text-center">
        <h2 className="text-lg font-semibold">Still have questions?</h2>
        <p className="mt-1 text-sm text-muted-foreground">We&apos;re happy to help.</p>
        <Button asChild className="mt-4">
          <Link to="/contact">Contact Us</Link>
        </Button>
      </div>
    </div>
  );
}
