import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  CampusSchoolYearRowSchema,
  CampusYearCreateSchema,
  CampusYearGradeRowSchema,
  CampusYearListQuerySchema,
  CampusYearRowSchema,
  CampusYearUpdateSchema,
  EnrollmentStatusSchema,
  SeatsUpdateSchema,
  YearActivationSchema,
  type PeriodAction,
} from '@openseat/shared/schemas/enrollment';
import { listOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { forbidden } from '../../lib/errors';
import { principalOf } from '../../plugins/authenticate';
import { presentEnrollmentStatus } from './enrollment.presenter';
import * as enrollment from './enrollment.service';

/** Starting and finalizing are separate permissions on one route: checked once the body says which. */
function assertMayChangeState(req: FastifyRequest, action: PeriodAction) {
  const caller = principalOf(req);
  const needed = action === 'start' ? 'start_school_year' : 'finalize_school_year';
  if (!caller.ability.can(needed, 'enrollment_settings')) {
    req.log.warn({ id_user: caller.id_user, permission: ['enrollment_settings', needed] }, 'permission refused');
    throw forbidden('noPermissionPeriodData');
  }
  return caller;
}

export async function enrollmentRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['enrollment'];
  const read = { permission: ['enrollment_settings', 'access'] } as const;
  const period = { 200: CampusYearRowSchema };
  const savedPeriod = { 200: savedOf(CampusYearRowSchema) };
  const seats = { 200: listOf(CampusYearGradeRowSchema, 'The seats of the period, grade by grade') };

  app.get(
    '/enrollment/campusYear/all',
    {
      config: read,
      schema: {
        tags,
        querystring: CampusYearListQuerySchema,
        response: { 200: listOf(CampusYearRowSchema, 'The school periods') },
      },
    },
    (req) => enrollment.listPeriods(deps.db, principalOf(req), req.query),
  );
  app.get(
    '/enrollment/campusYear',
    { config: read, schema: { tags, querystring: z.object({ id_campus_year: id }), response: period } },
    (req) => enrollment.getPeriod(deps.db, principalOf(req), req.query.id_campus_year),
  );
  app.post(
    '/enrollment/campusYear',
    {
      config: { permission: ['enrollment_settings', 'create'], denied: 'noPermissionPeriodData' },
      schema: { tags, body: CampusYearCreateSchema, response: savedPeriod },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await enrollment.createPeriod(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/enrollment/campusYear',
    {
      config: { permission: ['enrollment_settings', 'edit'], denied: 'noPermissionPeriodData' },
      schema: { tags, body: CampusYearUpdateSchema, response: savedPeriod },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await enrollment.updatePeriod(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/enrollment/campusYear/year-activation',
    { config: { signedIn: true }, schema: { tags, body: YearActivationSchema, response: savedPeriod } },
    async (req) => {
      const caller = assertMayChangeState(req, req.body.action);
      const data = await enrollment.changePeriodState(deps.db, caller, req.body.id_campus_year, req.body.action);
      return {
        message: translate(req.body.action === 'start' ? 'periodStartedDone' : 'periodFinalizedDone', req.lng),
        data,
      };
    },
  );

  app.get(
    '/enrollment/campusYearGrade/all',
    {
      config: { permission: ['school_year_spots', 'access'] },
      schema: { tags, querystring: z.object({ id_campus_year: id }), response: seats },
    },
    (req) => enrollment.listSeats(deps.db, principalOf(req), req.query.id_campus_year),
  );
  app.put(
    '/enrollment/campusYearGrade',
    {
      config: { permission: ['school_year_spots', 'edit'], denied: 'noPermissionPeriodSpots' },
      schema: { tags, body: SeatsUpdateSchema, response: { 200: savedOf(z.array(CampusYearGradeRowSchema)) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await enrollment.updateSeats(deps.db, principalOf(req), req.body),
    }),
  );

  // any signed-in user: the school period selector and the top bar notice need them (scoped)
  app.get(
    '/catalog/campus-school-years',
    {
      config: { signedIn: true },
      schema: {
        tags: ['catalog'],
        querystring: z.object({ id_campus: id }),
        response: { 200: listOf(CampusSchoolYearRowSchema, 'The school years with a period on the campus') },
      },
    },
    (req) => enrollment.campusSchoolYears(deps.db, principalOf(req), req.query.id_campus),
  );
  app.get(
    '/enrollment/status',
    {
      config: { signedIn: true },
      schema: {
        tags,
        querystring: z.object({ id_campus: id, id_school_year: id.optional() }),
        response: { 200: EnrollmentStatusSchema },
      },
    },
    async (req) =>
      presentEnrollmentStatus(
        await enrollment.enrollmentStatus(deps.db, principalOf(req), req.query.id_campus, req.query.id_school_year),
        req.lng,
      ),
  );
}
