import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  FamilyAnswerSchema,
  FamilyApplicationDetailSchema,
  FamilyApplicationParamsSchema,
  FamilyApplicationSchema,
  FamilyDeclineReasonSchema,
  FamilyLanguageSchema,
  FamilySessionRequestSchema,
  FamilySessionSchema,
  FamilySignInSchema,
} from '@openseat/shared/schemas/family';
import {
  AgreementInviteRequestSchema,
  AgreementSignRequestSchema,
  CosignAgreementSchema,
  CosignOpenSchema,
  CosignSignSchema,
  FamilyFormAnswersSchema,
  FamilyRegistrationItemParamsSchema,
  FamilyRegistrationSchema,
} from '@openseat/shared/schemas/registration';
import { listOf } from '@openseat/shared/schemas/responses';
import { FamilySmsConsentSchema, FamilySmsConsentSchoolSchema } from '@openseat/shared/schemas/sms-consent';
import type { AppDeps } from '../../plugins/types';
import { clearSessionCookie, setSessionCookie } from '../../lib/session-cookie';
import * as familyAuth from './family.auth';
import { maskedContact, type Contact } from './family.contact';
import { answerOffer, declineReasonsOf } from './family.answer';
import {
  answerRegistrationForm,
  familyRegistration,
  inviteCosigner,
  signRegistrationAgreement,
} from './family.registration';
import { cosign, openCosign } from '../registration/signature.service';
import { waitingFigures } from './family.figures';
import { familyRequest } from './family.session';
import { answerSmsConsent, familySmsConsent } from './family.sms-consent';
import { openApplication, presentApplications } from './family.service';

/** Portal reads and answers from one address per minute: a results day's family refreshing, not a crawler. */
const PORTAL_LIMIT_PER_MINUTE = 120;
/** Counted in a batch a second (lib/rate-limit-batch.ts): no commit per read on results day. */
const PORTAL_LIMIT_BATCH_MS = 1000;

const message = z.object({ message: z.string() });

/**
 * The family portal (docs/family-portal.md): sign-in by a one-time link or code, then the guardian's own
 * applications. None of these calls takes a staff token; the guardian is the session of the portal's own cookie.
 */
export async function familyRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['family portal'];
  const familyDeps = { db: deps.db, jobs: deps.jobs, secrets: deps.secrets, config: deps.config };
  const { cookie, guardian, applications, sameSiteOnly } = familyRequest(deps);
  // sign-in requests and session openings per address, as the staff's sign-in (per contact: family.auth.ts)
  const signInConfig = { public: true, rateLimit: { max: deps.loginRateLimitPerMinute, timeWindow: '1 minute' } };
  const portalConfig = {
    public: true,
    rateLimit: { max: PORTAL_LIMIT_PER_MINUTE, timeWindow: '1 minute', batchMs: PORTAL_LIMIT_BATCH_MS },
  };
  const figures = waitingFigures(deps.db, deps.config.familyListFreshSeconds * 1000);
  const reads = () => ({ db: deps.db, figures, now: new Date() });
  /** The session as the portal reads it: the contact partly hidden, and the guardian's language. */
  const sessionOf = async (contact: Contact) => ({
    contact: maskedContact(contact),
    lng: await familyAuth.languageOf(deps.db, contact),
  });
  const signedIn = (reply: FastifyReply, opened: familyAuth.OpenedSession) => {
    setSessionCookie(reply, cookie(), opened.key, opened.expiresAt);
    return sessionOf(opened.contact);
  };

  app.post(
    '/family/sign-in',
    { config: signInConfig, schema: { tags, body: FamilySignInSchema, response: { 200: message } } },
    async (req) => {
      await familyAuth.requestSignIn(familyDeps, req.body);
      return { message: translate('familyLinkSent', req.lng) };
    },
  );
  app.post(
    '/family/session',
    {
      config: signInConfig,
      preHandler: sameSiteOnly,
      schema: { tags, body: FamilySessionRequestSchema, response: { 200: FamilySessionSchema } },
    },
    async (req, reply) => signedIn(reply, await familyAuth.openSession(familyDeps, req.body)),
  );
  app.get(
    '/family/session',
    { config: portalConfig, schema: { tags, response: { 200: FamilySessionSchema } } },
    async (req) => sessionOf(await guardian(req)),
  );
  app.post(
    '/family/sign-out',
    { config: portalConfig, preHandler: sameSiteOnly, schema: { tags, response: { 200: message } } },
    async (req, reply) => {
      await familyAuth.signOutEverywhere(deps.db, await guardian(req));
      clearSessionCookie(reply, cookie());
      return { message: translate('familySignedOutEverywhere', req.lng) };
    },
  );
  app.put(
    '/family/language',
    {
      config: portalConfig,
      preHandler: sameSiteOnly,
      schema: { tags, body: FamilyLanguageSchema, response: { 200: message } },
    },
    async (req) => {
      await familyAuth.chooseLanguage(deps.db, await guardian(req), req.body.lng);
      return { message: translate('familyLanguageSaved', req.lng) };
    },
  );
  // consent to texts (docs/privacy.md, "Messaging consent"): the guardian's own phones, per school of theirs
  const smsConsentList = listOf(
    FamilySmsConsentSchoolSchema,
    "Per school of the guardian's applications: the phones its texts go to (mostly hidden), whether texts may go " +
      'to them now, and the history of that consent, newest first',
  );
  app.get(
    '/family/sms-consent',
    { config: portalConfig, schema: { tags, response: { 200: smsConsentList } } },
    async (req) => familySmsConsent(deps.db, await guardian(req)),
  );
  app.put(
    '/family/sms-consent',
    {
      config: portalConfig,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        description:
          'The guardian says yes or no to texts for the phones of their applications at one school of theirs ' +
          '(`id_school`), or at every one: in effect for the next text. 404 for a school that is not theirs',
        body: FamilySmsConsentSchema,
        response: { 200: smsConsentList },
      },
    },
    async (req) => answerSmsConsent(deps.db, await guardian(req), req.body),
  );
  app.get(
    '/family/applications',
    {
      config: portalConfig,
      schema: { tags, response: { 200: listOf(FamilyApplicationSchema, "The guardian's applications, newest first") } },
    },
    async (req) => presentApplications(reads(), (await applications(req)).applications),
  );
  app.get(
    '/family/applications/:id',
    {
      config: { ...portalConfig, recordRead: 'portal' },
      schema: { tags, params: FamilyApplicationParamsSchema, response: { 200: FamilyApplicationDetailSchema } },
    },
    async (req) => {
      const { contact, applications: found } = await applications(req, req.params.id);
      return openApplication(reads(), maskedContact(contact), found[0]);
    },
  );
  app.get(
    '/family/applications/:id/decline-reasons',
    {
      config: portalConfig,
      schema: {
        tags,
        params: FamilyApplicationParamsSchema,
        response: { 200: listOf(FamilyDeclineReasonSchema, "The school's reasons, in the guardian's language") },
      },
    },
    async (req) => {
      const contact = await guardian(req);
      return declineReasonsOf(deps.db, contact, req.params.id, await familyAuth.languageOf(deps.db, contact));
    },
  );
  app.post(
    '/family/applications/:id/answer',
    {
      config: portalConfig,
      preHandler: sameSiteOnly,
      schema: { tags, params: FamilyApplicationParamsSchema, body: FamilyAnswerSchema, response: { 200: message } },
    },
    async (req) => {
      await answerOffer(deps, await guardian(req), req.params.id, req.body);
      return { message: translate(req.body.answer === 'accept' ? 'familyAccepted' : 'familyDeclined', req.lng) };
    },
  );
  app.get(
    '/family/applications/:id/registration',
    {
      config: portalConfig,
      schema: { tags, params: FamilyApplicationParamsSchema, response: { 200: FamilyRegistrationSchema } },
    },
    async (req) => {
      const contact = await guardian(req);
      return familyRegistration(deps.db, contact, req.params.id, await familyAuth.languageOf(deps.db, contact));
    },
  );
  app.put(
    '/family/applications/:id/registration/forms/:id_registration_item',
    {
      config: portalConfig,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        params: FamilyRegistrationItemParamsSchema,
        body: FamilyFormAnswersSchema,
        response: { 200: message },
      },
    },
    async (req) => {
      const { id, id_registration_item } = req.params;
      await answerRegistrationForm(deps.db, await guardian(req), id, id_registration_item, req.body);
      return { message: translate('registrationFormSent', req.lng) };
    },
  );
  // agreements (docs/registration.md): the guardian signs, and may invite the second guardian by e-mail
  const signed = z.object({ message: z.string(), id_registration_signature: z.number().int(), pdfHash: z.string() });
  app.post(
    '/family/applications/:id/registration/agreements/:id_registration_item/sign',
    {
      config: portalConfig,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        params: FamilyRegistrationItemParamsSchema,
        body: AgreementSignRequestSchema,
        response: { 200: signed },
      },
    },
    async (req) => {
      const { id, id_registration_item } = req.params;
      const contact = await guardian(req);
      const done = await signRegistrationAgreement(familyDeps, contact, id, id_registration_item, req.body, req.ip);
      return { message: translate('agreementSigned', req.lng), ...done };
    },
  );
  app.post(
    '/family/applications/:id/registration/agreements/:id_registration_item/invite',
    {
      config: signInConfig,
      preHandler: sameSiteOnly,
      schema: {
        tags,
        params: FamilyRegistrationItemParamsSchema,
        body: AgreementInviteRequestSchema,
        response: { 200: message },
      },
    },
    async (req) => {
      const { id, id_registration_item } = req.params;
      const contact = await guardian(req);
      const lng = await familyAuth.languageOf(deps.db, contact);
      await inviteCosigner(familyDeps, contact, id, id_registration_item, req.body, lng);
      return { message: translate('agreementInviteSent', req.lng) };
    },
  );
  // the invited guardian: no session, their link's token (in the body, never the address) for this application only
  app.post(
    '/family/cosign',
    {
      config: signInConfig,
      preHandler: sameSiteOnly,
      schema: { tags, body: CosignOpenSchema, response: { 200: CosignAgreementSchema } },
    },
    (req) => openCosign(deps.db, req.body),
  );
  app.post(
    '/family/cosign/sign',
    {
      config: signInConfig,
      preHandler: sameSiteOnly,
      schema: { tags, body: CosignSignSchema, response: { 200: signed } },
    },
    async (req) => ({
      message: translate('agreementSigned', req.lng),
      ...(await cosign(familyDeps, req.body, req.ip)),
    }),
  );
}
