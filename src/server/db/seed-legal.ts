/**
 * The demo privacy notice and terms (page_content `legal`). The privacy notice names the Information
 * Officer's contact from the seeded contact content and states the retention period the clean-up applies
 * (RETENTION_MONTHS, src/server/maintenance.ts).
 */
import { RETENTION_MONTHS } from '../../domain/legal.ts';

/** The contact rows the notice quotes: [page_key, section_key, value]. */
export function demoPrivacyNotice(content: readonly (readonly [string, string, string])[]): string {
  const contact = (key: string) =>
    content.find(([page, section]) => page === 'contact' && section === key)?.[2] ?? '';
  const email = contact('email');
  return `<h2>Who we are</h2>
<p>Matric Moments is a South African marketplace where learners, parents and schools find providers of matric farewell services. We are the responsible party for the personal information described here, under the Protection of Personal Information Act, 2013 (POPIA).</p>
<h2>What we collect</h2>
<ul>
<li><strong>Your account:</strong> your name, email address and password (stored only as a secure hash), and the time you accepted these terms.</li>
<li><strong>Your profile:</strong> the phone number, city, province and photo you choose to add.</li>
<li><strong>Enquiries:</strong> the name, email, phone number and message you send to a provider, and the replies.</li>
<li><strong>Providers:</strong> business details, contact details, listings, photos and package payments.</li>
<li><strong>Reviews and favourites</strong> you leave on listings.</li>
<li><strong>The Matric Guide:</strong> your access requests, payment references and when you read the guide.</li>
<li><strong>Technical records:</strong> a one-way code for each listing view (no address or name), kept to count views fairly.</li>
</ul>
<h2>Why we use it</h2>
<p>To run your account, pass your enquiries to the providers you contact, show listings and reviews, process packages and Matric Guide access, send the emails you asked for, and keep the marketplace safe from abuse. We do not sell your information or use it for advertising by others.</p>
<h2>Who sees it</h2>
<ul>
<li>A provider sees the enquiries you send to them, with the details you typed.</li>
<li>Everyone sees your name with the reviews you write, and a provider's public business details.</li>
<li>Our administrators see what they need to moderate listings, reviews and payments.</li>
<li>Our hosting and email service providers process it for us under contract, in line with POPIA.</li>
</ul>
<h2>How long we keep it</h2>
<p>We keep your account information for as long as you have an account. Listing view records are deleted after 30 minutes. Matric Guide reading records and rejected Matric Guide requests are deleted after ${RETENTION_MONTHS} months. The address and contents of emails we sent are erased after 30 days.</p>
<h2>Learners under 18</h2>
<p>Many of our users are learners. If you are under 18, a parent or guardian must agree to your account before you sign up.</p>
<h2>Your rights</h2>
<p>You may ask what information we hold about you, ask us to correct it or to delete it, and object to how it is used. Contact our Information Officer:</p>
<ul>
<li>Email: <a href="mailto:${email}">${email}</a></li>
<li>Phone: ${contact('phone')}</li>
<li>Address: ${contact('address')}</li>
</ul>
<h2>Complaints</h2>
<p>If you are unhappy with how we handle your information, you may complain to the Information Regulator (South Africa): <a href="https://inforegulator.org.za">inforegulator.org.za</a>, email <a href="mailto:POPIAComplaints@inforegulator.org.za">POPIAComplaints@inforegulator.org.za</a>.</p>`;
}

export const DEMO_TERMS = `<h2>About these terms</h2>
<p>These terms apply to everyone who uses Matric Moments. By creating an account you agree to them and to our <a href="/privacy">Privacy Policy</a>.</p>
<h2>Accounts</h2>
<ul>
<li>You must give true details and keep your password to yourself.</li>
<li>If you are under 18, your parent or guardian must agree to your account.</li>
<li>We may suspend an account that breaks these terms.</li>
</ul>
<h2>Enquiries and bookings</h2>
<p>Matric Moments puts you in touch with providers. Any booking, price and payment for a service is agreed between you and the provider; we are not a party to it. Check the details with the provider before you pay.</p>
<h2>Providers and listings</h2>
<ul>
<li>Listings must describe a real service honestly, with photos you may use.</li>
<li>We review listings and may reject or remove one that is misleading, unlawful or inappropriate.</li>
<li>Paid packages run for the period shown on the Packages page and are activated once payment is confirmed.</li>
</ul>
<h2>Reviews</h2>
<p>Reviews must be about a real experience, fair and free of abuse. We may remove a review that is not.</p>
<h2>The Matric Guide</h2>
<p>Access to the Matric Guide is for your own use once your payment is approved. Do not share or copy its articles.</p>
<h2>Liability</h2>
<p>We work to keep the marketplace accurate and safe, but we cannot guarantee a provider's service. To the extent the law allows, we are not liable for losses arising from agreements between users and providers. Nothing in these terms limits your rights under the Consumer Protection Act.</p>
<h2>Changes</h2>
<p>We may update these terms; the date at the top shows when they last changed. The law of South Africa applies.</p>`;
