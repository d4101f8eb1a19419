/*
 * The portal's words in English: the reference every other language has, key for key (i18n.test.ts). `{name}` is
 * filled in when shown.
 */
const en = {
  appName: 'Family portal',
  skipToContent: 'Skip to main content',
  language: 'Language',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {contact}',
  loading: 'Loading…',
  errorGeneric: 'Something went wrong. Please try again.',
  notFound: 'This page does not exist.',
  goToApplications: 'Go to your applications',

  signInTitle: 'Sign in',
  signInIntro:
    'Follow your child’s application and answer offers online. There is no password: we send you a sign-in link or code.',
  contactLabel: 'E-mail or mobile phone',
  contactHint: 'The e-mail address or phone number you gave on the application.',
  contactInvalid: 'Enter an e-mail address or a phone number.',
  sendLink: 'Send me a sign-in link',
  checkEmailTitle: 'Check your e-mail',
  checkEmailBody:
    'If {contact} is on an application, we have e-mailed it a sign-in link and a 6-digit code. Open the link, or type the code below. They work once, for {minutes} minutes.',
  checkPhoneTitle: 'Check your text messages',
  checkPhoneBody:
    'If {contact} is on an application at a school that sends text messages, we have texted it a 6-digit code. Type it below. It works once, for {minutes} minutes.',
  checkPhoneNoText:
    'No text message? Your school may not send them: sign in with the e-mail address you gave on the application instead.',
  codeLabel: '6-digit code',
  codeHint: 'Numbers only, for example 123456.',
  codeInvalid: 'Enter the 6 digits of the code.',
  signIn: 'Sign in',
  useAnotherContact: 'Use another e-mail or phone',
  linkChecking: 'Signing you in…',
  linkExpired: 'This sign-in link has expired or has already been used. Ask for a new one below.',
  sessionEnded: 'Your session has ended. Please sign in again.',

  applicationsTitle: 'Your applications',
  noApplications: 'No applications are linked to this e-mail or phone number.',
  seeDetails: 'Details for {child}',
  school: 'School',
  campus: 'Campus',
  grade: 'Grade',
  schoolYear: 'School year',
  status: 'Status',
  whatNext: 'What happens next',
  progress: 'Progress',

  stage_applied: 'Application received',
  stage_waiting: 'On the waiting list',
  stage_offered: 'Seat offered',
  stage_accepted: 'Seat accepted',
  stage_enrolled: 'Enrolled',
  stage_declined: 'Seat declined',
  stage_closed: 'Closed',

  next_applied:
    'The school is reviewing the application. If there is a lottery, you will get a message with the result.',
  next_waiting:
    'When a seat opens for your child, the school offers it to you and sends you a message. You can follow your place here.',
  next_offered: 'A seat is waiting for your child. Accept or decline it before the deadline.',
  next_accepted: 'The school will contact you about the next enrollment steps.',
  next_enrolled: 'Your child is enrolled. Welcome!',
  next_declined: 'The seat was declined, or the time to answer ran out. Contact the campus if you have questions.',
  next_closed: 'This application is closed. Contact the campus if you have questions.',

  step_applied: 'Applied',
  step_lottery: 'Lottery',
  step_offer: 'Offer',
  step_answer: 'Your answer',
  step_enrolled: 'Enrolled',
  stepState_done: 'done',
  stepState_current: 'now',
  stepState_upcoming: 'to come',
  stepState_skipped: 'not needed',

  backToList: 'All applications',
  waitingTitle: 'Your place on the waiting list',
  position: 'Place on the list',
  positionHint: 'Place 1 is next in line.',
  priorityGroup: 'Priority group',
  lotteryNumber: 'Lottery number',
  rankInGroup: 'Place in your priority group',
  none: 'None',
  orderWithGroups:
    'Seats are offered by priority group first, then by lottery number inside each group. Your place only changes when families ahead of you get an offer or leave the list.',
  orderWithoutGroups:
    'Seats are offered in the order of the lottery numbers. Your place only changes when families ahead of you get an offer or leave the list.',
  movedTitle: 'How far the list moved each week',
  movedCaption: 'Offers made from this waiting list each week',
  week: 'Week',
  weekNumber: 'Week {n}',
  weekNumberOf: 'Week {n} ({date})',
  thisSeason: 'This season',
  lastSeason: 'Last season ({year})',
  weekToCome: 'to come',
  movedNone: 'No offers have been made from this list yet this season.',
  movedNoneLastSeason: 'Last season ({year}), no offers were made from this list.',
  movedWeekOne: 'Week {n} is the week the waiting list began that school year.',

  offerTitle: 'A seat is offered',
  offerDeadline: 'Please answer by {deadline}, the school’s local time.',
  offerNoDeadline: 'Please answer as soon as you can.',
  offerClosed: 'This offer can no longer be answered online. Contact the campus if you have questions.',
  accept: 'Accept the seat',
  decline: 'Decline the seat',
  confirmAccept: 'Accept the seat for {child} at {campus}? The school will then contact you about enrollment.',
  confirmAcceptButton: 'Yes, accept',
  declineReason: 'Why are you declining the seat?',
  reasonRequired: 'Choose a reason.',
  confirmDecline:
    'Decline the seat for {child} at {campus}? The seat will go to another family and you cannot undo this.',
  confirmDeclineButton: 'Yes, decline',
  goBack: 'Go back',
  answerAccepted: 'Thank you. You have accepted the seat.',
  answerDeclined: 'Your answer is recorded: you have declined the seat.',

  messagesTitle: 'Messages you received',
  noMessages: 'No messages yet.',
  channel_email: 'E-mail',
  channel_sms: 'Text message',
  noSubject: '(no subject)',
  date: 'Date',
  channel: 'Sent by',
  subject: 'Subject',

  contactTitle: 'Questions? Contact the campus',
  phone: 'Phone',
  email: 'E-mail',
  noContact: 'The campus has not listed a phone number or e-mail.',
};

export type Messages = typeof en;
export type MessageKey = keyof Messages;
/** Another language's words: every key of English, and no other (an extra or missing key fails to compile). */
export type Translation = Record<MessageKey, string>;
export default en;
