import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../lib/toast.ts';
import { z } from 'zod';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { LIMITS } from '@domain/constants.ts';
import { FormField } from '../components/form-field.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Input } from '../components/ui/input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { Textarea } from '../components/ui/textarea.tsx';
import { contentValue, useSiteContent } from '../features/content/use-site-content.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { isSafeUrl } from '../lib/utils.ts';

const CONTACT_SENT = "Message sent successfully! We'll get back to you soon.";

const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be less than 100 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(255, 'Email must be less than 255 characters')
    .pipe(z.email('Invalid email address')),
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be less than 200 characters'),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(LIMITS.enquiryMessageMax, `Message must be less than ${LIMITS.enquiryMessageMax} characters`),
});
type ContactInput = z.input<typeof contactSchema>;

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  // Until the page has hydrated, sending would submit the fields natively, into the address bar.
  const hydrated = useHydrated();

  // The form is not sent anywhere (spec): after a second it confirms and clears.
  const onSubmit = async () => {
    await wait(LIMITS.contactSendDelayMs);
    toast.success(CONTACT_SENT);
    reset(EMPTY);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField id="contact-email" label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" required error={errors.subject?.message}>
        <Input {...register('subject')} />
      </FormField>
      <FormField id="contact-message" label="Message" required error={errors.message?.message}>
        <Textarea rows={6} {...register('message')} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting || !hydrated} className="justify-self-start">
        {isSubmitting ? <Spinner label={null} /> : <Send aria-hidden="true" />}
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

/** A term and its value in the contact list: the icon sits in the term, so the list stays valid markup. */
const CONTACT_ROW_CLASS = 'grid grid-cols-[1.25rem_1fr] gap-x-3 gap-y-0.5';
const CONTACT_TERM_CLASS = 'col-span-2 flex items-center gap-3 font-medium';

export default function Contact() {
  const { data: content } = useSiteContent();
  const email = contentValue(content, 'contact', 'email', '');
  const phone = contentValue(content, 'contact', 'phone', '');
  const address = contentValue(content, 'contact', 'address', '');
  const hours = contentValue(content, 'contact', 'support_hours', '');
  const mailto = email ? `mailto:${email}` : '';
  const tel = phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="mt-3 text-muted-foreground">Have a question or feedback? Send us a message.</p>
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2" className="text-xl">
              Send us a message
            </CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader>
            <CardTitle as="h2" className="text-xl">
              Contact Information
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-5 text-sm">
              {email && (
                <div className={CONTACT_ROW_CLASS}>
                  <dt className={CONTACT_TERM_CLASS}>
                    <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    Email
                  </dt>
                  <dd className="col-start-2 text-muted-foreground">
                    {isSafeUrl(mailto) ? (
                      <a href={mailto} className="break-all hover:text-primary hover:underline">
                        {email}
                      </a>
                    ) : (
                      email
                    )}
                  </dd>
                </div>
              )}
              {phone && (
                <div className={CONTACT_ROW_CLASS}>
                  <dt className={CONTACT_TERM_CLASS}>
                    <Phone aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    Phone
                  </dt>
                  <dd className="col-start-2 text-muted-foreground">
                    <a href={tel} className="hover:text-primary hover:underline">
                      {phone}
                    </a>
                  </dd>
                </div>
              )}
              {address && (
                <div className={CONTACT_ROW_CLASS}>
                  <dt className={CONTACT_TERM_CLASS}>
                    <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    Address
                  </dt>
                  <dd className="col-start-2 whitespace-pre-line text-muted-foreground">{address}</dd>
                </div>
              )}
              {hours && (
                <div className={CONTACT_ROW_CLASS}>
                  <dt className={CONTACT_TERM_CLASS}>
                    <Clock aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    Support Hours
                  </dt>
                  <dd className="col-start-2 whitespace-pre-line text-muted-foreground">{hours}</dd>
                </div>
              )}
            </dl>
            {!email && !phone && !address && !hours && (
              <p className="text-sm text-muted-foreground">Use the form and we&apos;ll get back to you.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
