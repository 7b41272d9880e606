import { z } from 'zod';

/** The contract of an answer the client does not read (a deletion's, a toggle's): any JSON body passes. */
export const AnyAnswerSchema = z.unknown();
