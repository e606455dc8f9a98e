/**
 * Evaluation of a tender (issue 27, part B; docs/product/tenders.md#evaluation): weighted criteria
 * on the brief, evaluators invited from the owner's organisation with a conflict-of-interest
 * declaration, and a scoring sheet per evaluator (decisions 0518–0520).
 */

/** At most this many criteria a tender; weights are whole percentages summing to 100 (decision 0518). */
export const TENDER_CRITERIA_MAX = 10;
export const TENDER_CRITERION_NAME_MAX = 80;
export const TENDER_CRITERION_DESCRIPTION_MAX = 500;
/** A criterion's score: a whole number from 0 to 10 (decision 0519). */
export const TENDER_SCORE_MAX = 10;
export const TENDER_SCORE_COMMENT_MAX = 2000;
/** Evaluators a tender may have besides its owner (decision 0520). */
export const TENDER_EVALUATORS_MAX = 10;

/** What the form suggests for a new tender's criteria: a common public-sector split. */
export const TENDER_CRITERIA_EXAMPLE = [
  { name: 'Price', weight: 40 },
  { name: 'Method', weight: 30 },
  { name: 'Experience', weight: 20 },
  { name: 'Social value', weight: 10 },
] as const;

/**
 * Mail domains anyone can sign up to: an address there names no organisation, so it cannot prove
 * an evaluator is from the owner's (decision 0520).
 */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'live.com', 'live.co.uk', 'msn.com',
  'yahoo.com', 'yahoo.co.uk', 'ymail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'aol.co.uk', 'proton.me',
  'protonmail.com', 'gmx.com', 'gmx.co.uk', 'mail.com', 'zoho.com', 'btinternet.com', 'sky.com', 'virginmedia.com',
  'talktalk.net',
] as const;

/** A declaration an evaluator makes before seeing any response (decision 0520). */
export const TENDER_DECLARATIONS = ['pending', 'no-conflict', 'conflict'] as const;
export type TenderDeclaration = (typeof TENDER_DECLARATIONS)[number];

/** The statement an evaluator ticks; stored with the time it was made. */
export const TENDER_NO_CONFLICT_STATEMENT =
  'I declare that I have no conflict of interest with any organisation responding to this tender: no financial interest, no close personal or family relationship, and no current or recent employment or contract with any of them. I will keep the responses confidential and tell the tender owner at once if this changes.';

/** Where scoring stands, by the server's clock (decision 0519). */
export const TENDER_SCORING_PHASES = ['sealed', 'scoring', 'final'] as const;
export type TenderScoringPhase = (typeof TENDER_SCORING_PHASES)[number];

export const TENDER_EVALUATION_LIMITS = {
  /** Saving scores: one budget per account an hour. */
  scoresPerAccountPerHour: 600,
  /** Evaluator invitations (each mails one person) per account an hour. */
  evaluatorInvitesPerAccountPerHour: 30,
} as const;

/** The exact texts users see. */
export const TENDER_EVALUATION_MESSAGES = {
  criterionNameRequired: 'Give each criterion a name',
  criterionNameTooLong: `A criterion's name can be at most ${TENDER_CRITERION_NAME_MAX} characters`,
  criterionDescriptionTooLong: `A criterion's description can be at most ${TENDER_CRITERION_DESCRIPTION_MAX} characters`,
  weightWhole: 'Enter each weight as a whole percentage from 1 to 100',
  weightsSum: (total: number) => `The weights must add up to 100%: they add up to ${total}%`,
  tooManyCriteria: `A tender can have at most ${TENDER_CRITERIA_MAX} criteria`,
  duplicateCriterion: 'Each criterion needs a different name',
  criteriaSaved: 'Evaluation criteria saved.',
  criteriaLocked: 'The evaluation criteria cannot change once a response has arrived: bidders responded to these.',
  criterionNotFound: 'Criterion not found',
  // Scoring.
  scoreWhole: `Enter a score as a whole number from 0 to ${TENDER_SCORE_MAX}`,
  commentTooLong: `A comment can be at most ${TENDER_SCORE_COMMENT_MAX} characters`,
  scoresSaved: 'Scores saved.',
  scoringSealed: 'Responses are sealed until the closing date: scoring starts once the tender closes.',
  scoringFinal: 'This tender has been awarded or cancelled: its scores can no longer change.',
  noCriteria: 'This tender has no evaluation criteria to score against.',
  notEvaluator: 'Only the tender owner and its evaluators can score responses.',
  // Evaluators.
  evaluatorInvited: 'Evaluator invited: they have been emailed a link.',
  evaluatorRemoved: 'Evaluator removed.',
  evaluatorNotFound: 'Evaluator not found',
  evaluatorNoAccount: 'There is no account with that email address: ask them to register first, then invite them.',
  evaluatorUnconfirmed: 'That account has not confirmed its email address yet: ask them to confirm it, then invite them.',
  evaluatorOtherOrganisation: (domain: string) => `An evaluator must be from your organisation: their email address must end in @${domain}.`,
  evaluatorPublicDomain: 'Your account uses a public email service, so we cannot tell who is in your organisation: sign in with your work email address to invite evaluators.',
  evaluatorSelf: 'You already evaluate your own tender.',
  evaluatorAlready: 'That person is already an evaluator of this tender.',
  evaluatorResponder: 'That person responded to this tender, so they cannot evaluate it.',
  tooManyEvaluators: `A tender can have at most ${TENDER_EVALUATORS_MAX} evaluators`,
  evaluatorsClosed: 'Evaluators can no longer be invited: the tender has been awarded or cancelled.',
  declarationRequired: 'Tick the declaration to confirm you have no conflict of interest',
  conflictReasonRequired: 'Say briefly what the conflict is (at least 10 characters)',
  declaredNoConflict: 'Declaration recorded. You can now see the responses once the tender closes.',
  declaredConflict: 'Conflict recorded. You will not see this tender’s responses, and the owner has been told.',
  alreadyDeclared: 'You have already made your declaration for this tender.',
  declarationFirst: 'Make your conflict of interest declaration before seeing the responses.',
} as const;

/** The declaration's labels, as the owner's list shows them. */
export const TENDER_DECLARATION_LABELS: Record<TenderDeclaration, string> = {
  pending: 'Declaration not made yet',
  'no-conflict': 'No conflict declared',
  conflict: 'Conflict declared: barred',
};
