import { z } from 'zod';

const id = z.string().min(1).max(100);

export const calendarParamsSchema = z.object({ calendarId: id });
export const eventParamsSchema = z.object({ calendarId: id, eventId: id });
export const eventIdParamsSchema = z.object({ eventId: id });
