import type { MailMessage } from '../../platform/mail';

/**
 * Mail texts of a tender's evaluation (decision 0520). Links are built from PUBLIC_URL; subjects are
 * single lines; nothing of a response is ever in a mail.
 */

const oneLine = (text: string, max = 120) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);
const londonTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' });
const hello = (name: string) => (name ? `Hello ${name},` : 'Hello,');

interface TenderRef {
  id: string;
  title: string;
  closingDate: string | null;
}

export const tenderEvaluationMails = {
  /**
   * To everyone with a stake in an open tender (decision 0555): the criteria or the pricing
   * schedule changed; what it is now and what it was.
   */
  planChanged: (
    to: { email: string; name: string },
    tender: TenderRef,
    part: 'criteria' | 'pricingSchedule',
    before: string[],
    after: string[],
    publicUrl: string,
  ): MailMessage => {
    const criteria = part === 'criteria';
    const list = (lines: string[]) => (lines.length > 0 ? lines.map((l) => `- ${l}`) : ['- (none)']);
    return {
      to: to.email,
      subject: oneLine(`${criteria ? 'Evaluation criteria changed' : 'Pricing schedule changed'}: ${tender.title}`),
      text: [
        hello(to.name),
        '',
        criteria
          ? `The owner of "${tender.title}" changed the criteria its responses will be scored against.`
          : `The owner of "${tender.title}" changed the pricing schedule that responses price.`,
        '',
        criteria ? 'The criteria and their weights now:' : 'The lines to price now:',
        ...list(after),
        '',
        'Before the change:',
        ...list(before),
        '',
        tender.closingDate ? `Responses close on ${londonTime(tender.closingDate)} (UK time).` : '',
        criteria ? 'Check that your response addresses each criterion.' : 'If you have responded, check your prices against the new lines.',
        '',
        `View the tender: ${publicUrl}/tender/${tender.id}`,
      ].join('\n'),
    };
  },

  /** To a colleague the owner invited to evaluate. */
  evaluatorInvited: (to: { email: string; name: string }, tender: TenderRef, owner: { name: string }, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`You are invited to evaluate a tender: ${tender.title}`),
    text: [
      hello(to.name),
      '',
      `${owner.name} has invited you to evaluate the responses to "${tender.title}".`,
      tender.closingDate ? `Responses are sealed until ${londonTime(tender.closingDate)} (UK time); you can score them after that.` : '',
      '',
      'Before you see any response you will be asked to declare that you have no conflict of interest with the bidders, or to declare one.',
      '',
      `Open the scoring sheet: ${publicUrl}/tender/${tender.id}/evaluate`,
    ].join('\n'),
  }),

  /** To the owner: an evaluator declared a conflict and is barred. */
  conflictDeclared: (to: { email: string; name: string }, tender: TenderRef, evaluator: string, reason: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`An evaluator declared a conflict of interest: ${tender.title}`),
    text: [
      hello(to.name),
      '',
      `${evaluator} declared a conflict of interest for "${tender.title}" and will not see its responses or score them.`,
      '',
      `What they said: ${reason}`,
      '',
      `Manage evaluators: ${publicUrl}/tender/${tender.id}/responses`,
    ].join('\n'),
  }),
};
