/**
 * The instance's AI model (GET /api/site `aiModel`, the footer's fact), as the analysis pages receive it from the app:
 * a name, null (none configured), or undefined (not known yet). Wording promises model-written text only with a name.
 */
export type AiModel = string | null | undefined;

export const hasModel = (aiModel: AiModel): aiModel is string => typeof aiModel === 'string' && aiModel !== '';
