/**
 * Demo data of the Matric Guide beyond the base seed: full article bodies for the six topics (headings,
 * paragraphs, lists, a quote or a table), one pending and one rejected access request from demo users,
 * and the guide demo account's reading history. Runs inside the seed's transaction.
 */
import { subDays, subHours } from 'date-fns';
import { eq } from 'drizzle-orm';
import { sanitizeArticleHtml } from '../features/guide/sanitize.ts';
import type { Db } from './client.ts';
import { premiumAccessLogs, premiumArticles, premiumContentAccess } from './schema.ts';

/** Article bodies by slug (the slugs of ARTICLES in seed-data.ts). */
export const GUIDE_ARTICLE_BODIES: Record<string, string> = {
  'finding-your-perfect-farewell-look': `
<h2>Start three months out</h2>
<p>The outfit is the part of the farewell most learners plan first and finish last. Start looking <strong>three months</strong> before the night: it gives you time to compare hire and buy options, book fittings and change your mind once without panic.</p>
<ul>
  <li>Save photos of looks you like and notice what they have in common: a neckline, a colour, a cut.</li>
  <li>Try on at least three silhouettes, even ones you think will not suit you.</li>
  <li>Ask the shop what alterations cost before you say yes to a dress or suit.</li>
</ul>
<h2>Colour and fabric</h2>
<p>Jewel tones (emerald, sapphire, burgundy) photograph well under evening light; very pale colours can wash out in flash photos. Choose fabric for the weather: a November evening in Durban asks for something lighter than a winter function in Bloemfontein.</p>
<h3>Hiring versus buying</h3>
<p>Hiring costs a third to a half of buying and includes cleaning. Buying makes sense when you will wear it again or plan to sell it afterwards.</p>
<h2>The fitting checklist</h2>
<ol>
  <li>Bring the shoes and underwear you will wear on the night.</li>
  <li>Sit, dance and lift your arms: you will do all three.</li>
  <li>Book the final fitting no later than two weeks before the farewell.</li>
</ol>
<blockquote>Comfort shows in every photo. If you keep adjusting it in the fitting room, you will keep adjusting it all night.</blockquote>`,
  'choosing-a-venue-without-stress': `
<h2>Know your numbers first</h2>
<p>Before anyone visits a venue, the committee needs three numbers: the expected number of guests, the budget per head and the date range. Every venue conversation starts with these, and they stop you falling in love with a hall you cannot fill or afford.</p>
<h2>Questions to ask every venue</h2>
<ol>
  <li>What exactly is included in the hire fee: tables, linen, sound, cleaning, security?</li>
  <li>Is there backup power for load shedding, and who pays for the diesel?</li>
  <li>Where do guests park, and is the drop-off area safe and well lit?</li>
  <li>What time must the event end, and what does overtime cost?</li>
  <li>How much is the deposit, and when is it refundable?</li>
</ol>
<h2>Visit at the right time</h2>
<p>Visit at the same time of day as your event. A garden venue that is lovely at 10:00 can be dark and cold at 19:00, and a hall next to a busy road is quieter on a Tuesday morning than on a Friday night.</p>
<h3>Red flags</h3>
<ul>
  <li>No written quote, or a quote that changes between visits.</li>
  <li>Pressure to pay the full amount months ahead.</li>
  <li>No answer about emergency exits or a first-aid plan.</li>
</ul>
<p>Get every promise in the contract. "We'll sort it out on the day" is not a plan.</p>`,
  'a-farewell-budget-that-works': `
<h2>Decide the total before you shop</h2>
<p>A farewell budget works when it is decided before the first shop visit. Sit down with whoever is paying, agree on one total amount and write it down. Then split it across the big items so one of them cannot quietly swallow the rest.</p>
<h2>A simple split</h2>
<table>
  <thead><tr><th>Item</th><th>Share</th><th>On a R6 000 budget</th></tr></thead>
  <tbody>
    <tr><td>Outfit and accessories</td><td>40%</td><td>R2 400</td></tr>
    <tr><td>Transport</td><td>20%</td><td>R1 200</td></tr>
    <tr><td>Hair, makeup and grooming</td><td>20%</td><td>R1 200</td></tr>
    <tr><td>Photos and extras</td><td>20%</td><td>R1 200</td></tr>
  </tbody>
</table>
<h2>Ways to stretch it</h2>
<ul>
  <li>Share a car with friends: the hire cost splits, the photos get better.</li>
  <li>Hire rather than buy anything you will wear once.</li>
  <li>Book providers early; many charge more in the last month of the season.</li>
  <li>Keep 10% aside for surprises: a broken heel, an extra photo, a late taxi.</li>
</ul>
<h3>Track as you go</h3>
<p>Write down every deposit and payment with its date. A shared note on your phone is enough, as long as everyone paying can see it.</p>`,
  'photos-you-will-treasure': `
<h2>Brief your photographer</h2>
<p>Photographers work fastest when they know what matters to you. Send them a short shot list a week before, with the names of the people who must be in photos and the moments you do not want missed.</p>
<h3>A shot list to start from</h3>
<ul>
  <li>Getting ready with family at home</li>
  <li>Parents and grandparents with you before you leave</li>
  <li>The arrival and the car</li>
  <li>Your friends on the red carpet</li>
  <li>A few candid photos during the evening</li>
</ul>
<h2>Posing without feeling awkward</h2>
<p>Relax your shoulders and breathe out just before each shot. Put your weight on your back foot and turn slightly away from the camera; it looks more natural than standing square. Hands look best holding something: a clutch, a jacket, a friend's hand.</p>
<h2>Light and timing</h2>
<p>The hour before sunset gives the softest light. If you can, plan the family photos at home for that hour rather than at the venue after dark.</p>
<blockquote>Choose the photographer whose ordinary photos you like, not just the best three in their portfolio.</blockquote>`,
  'farewell-etiquette-101': `
<h2>Before the night</h2>
<p>Reply to your invitation on time and tell the committee about any dietary needs. If you bring a partner from another school, make sure they know the dress code and the rules of the evening.</p>
<h2>On the night</h2>
<ul>
  <li>Arrive within the arrival window your school sets; a late grand entrance holds up everyone else.</li>
  <li>Greet and thank your teachers. They planned, chaperoned and gave up their evening.</li>
  <li>Put your phone away during speeches and the meal.</li>
  <li>Look out for friends who are on their own, and include them.</li>
</ul>
<h2>Being a good partner</h2>
<p>Introduce your partner to your friends and teachers, stay with them for the formal part of the evening and agree beforehand how you are both getting home.</p>
<h3>After the farewell</h3>
<p>Send a short thank-you message to the committee and the teachers who organised it. It takes a minute and it is remembered for years.</p>
<p><em>Kindness is always in style.</em></p>`,
  'the-last-minute-checklist': `
<h2>One week to go</h2>
<ul>
  <li>Confirm the transport pick-up time and address in writing.</li>
  <li>Confirm hair and makeup appointments and the time they need.</li>
  <li>Try on the whole outfit once more, shoes included.</li>
</ul>
<h2>48 hours to go</h2>
<ul>
  <li>Charge your phone and a power bank.</li>
  <li>Pack plasters, safety pins, lip balm, tissues and a small amount of cash.</li>
  <li>Save the numbers of your driver, a parent and a friend who will be there.</li>
</ul>
<h2>On the day</h2>
<ol>
  <li>Eat a proper meal before you get ready.</li>
  <li>Leave more time than you think you need: everything takes longer on the day.</li>
  <li>Hand your emergency kit to a friend with a bigger bag if yours is tiny.</li>
</ol>
<blockquote>Everything that can be done the day before should be done the day before.</blockquote>
<p>Then put the list away and enjoy your farewell.</p>`,
};

const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
];

export async function seedGuide(
  tx: Db,
  ids: { adminId: string; guideUserId: string; pendingUserId: string; rejectedUserId: string },
  now: Date,
): Promise<void> {
  for (const [slug, body] of Object.entries(GUIDE_ARTICLE_BODIES)) {
    await tx
      .update(premiumArticles)
      .set({ content: sanitizeArticleHtml(body.replace(/\n\s*/g, '')) })
      .where(eq(premiumArticles.slug, slug));
  }
  await tx.insert(premiumContentAccess).values([
    {
      userId: ids.pendingUserId,
      paymentAmount: 50,
      paymentReference: 'EFT-20481',
      paymentStatus: 'pending',
      purchasedAt: subHours(now, 5),
    },
    {
      userId: ids.rejectedUserId,
      paymentAmount: 50,
      paymentReference: 'FNB 7731',
      paymentStatus: 'rejected',
      rejectionReason:
        'We could not find a payment with this reference. Please check it and submit it again.',
      purchasedAt: subDays(now, 3),
    },
  ]);
  await tx.insert(premiumAccessLogs).values(
    Array.from({ length: 9 }, (_, i) => ({
      userId: ids.guideUserId,
      userAgent: USER_AGENTS[i % USER_AGENTS.length]!,
      accessedAt: subHours(now, 6 + i * 19),
    })),
  );
}
