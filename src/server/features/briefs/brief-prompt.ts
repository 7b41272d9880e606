import type { AnalysisLang } from '../../../shared/api/analysis.schema.ts';
import { type BriefInput, labelledKeys, subjectOf } from './brief-input.ts';
import { labelOf } from './brief-labels.ts';

// The prompt holds only our data: the analysis answer's facts (key, value, unit, source, as-of) and, as words
// without numbers, what the analytics found (movers and their drivers, anomalies, risk flags, similar projects,
// rotation). The system prompt, in the brief's language, asks for 3–6 sentences with every number a tag.

export type BriefPrompt = { system: string; user: string };

const SYSTEM: Record<AnalysisLang, string> = {
  en: [
    'You are the analyst of HeatRank, a Web3 project heat ranking. Write a brief of 3 to 6 sentences in English',
    'about the subject below, using ONLY the facts listed. Every number you write must be a tag {{value|fact key}}:',
    'the value of that fact (you may round it and drop its sign when your words give the direction) and its key',
    'exactly as listed, for example {{72.4|heat.score}}. Never write a digit outside a tag and never a number that is',
    'not a listed fact. You may write the window names 24 hours, 7 days and 30-day as they are, and name components',
    'and signals by the words listed for them, never by their keys. No forecasts, no advice, no',
    'markdown, no lists: plain sentences only. If the facts are few, say so briefly instead of guessing.',
  ].join(' '),
  zh: [
    '你是 HeatRank（Web3 项目热度排行）的分析师。请根据下面列出的事实，用中文为下述对象写一段 3 到 6 句的简报，',
    '只能使用列出的事实。你写的每一个数字都必须写成标签 {{数值|事实键}}：数值取自该事实（可以四舍五入；',
    '文字已说明涨跌方向时可以省略正负号），事实键必须与列表完全一致，例如 {{72.4|heat.score}}。',
    '标签之外不得出现任何阿拉伯数字，也不得写出列表之外的数字。时间窗口名 24 小时、7 天、30 天可以照写；',
    '提到组成项和信号时请使用下面给出的中文名称，不要写它们的键名。',
    '不要预测，不要给投资建议，不要使用 Markdown 或列表，只写普通句子。事实很少时请如实说明，不要猜测。',
  ].join(''),
};

/** The system and user messages of a brief: instructions, then the facts and the findings as data. */
export function buildBriefPrompt(input: BriefInput, lang: AnalysisLang): BriefPrompt {
  const subject = subjectOf(input);
  const title =
    subject.kind === 'market'
      ? 'Subject: the whole market (daily market brief)'
      : `Subject: ${subject.kind} "${subject.name}" (id ${subject.entityId})`;
  const labels = labelledKeys(input).map((key) => `${key} = ${labelOf(key, lang)}`);
  const facts = subject.facts.map((f) => `${f.key} | ${f.value} | ${f.unit} | ${f.source} | ${f.asOf ?? 'unknown'}`);
  const user = [
    title,
    `Data version: ${subject.dataVersion}`,
    '',
    'Facts (key | value | unit | source | as of):',
    ...(facts.length > 0 ? facts : ['(none: there is no data yet)']),
    '',
    'Findings (the numbers are in the facts above):',
    ...findingsOf(input).map((line) => `- ${line}`),
    ...(labels.length > 0 ? ['', 'Words for the components and signals (key = words to write):', ...labels] : []),
  ].join('\n');
  return { system: SYSTEM[lang], user };
}

/** What the analytics found, as words: names, signals, directions and codes only. */
function findingsOf(input: BriefInput): string[] {
  const lines: string[] = [];
  const moverLine = (label: string, m: { name: string; drivers: { key: string }[] } | null) => {
    if (m) lines.push(`${label}: ${m.name}, driven by ${m.drivers.map((d) => d.key).join(', ') || 'no component'}`);
  };
  if (input.kind === 'project') {
    const full = input.analysis.full;
    if (!full) return ['(summary only)'];
    moverLine('24h move', full.movers.day);
    moverLine('7d move', full.movers.week);
    for (const a of full.anomalies) lines.push(`anomaly: ${a.signal} ${a.direction} against its 30d mean`);
    for (const f of full.riskFlags) lines.push(`risk flag: ${f.code} (${f.severity})`);
    for (const s of full.similar) {
      const shared = [s.shared.sector, ...s.shared.chains, ...s.shared.tags, ...s.shared.signals].filter(Boolean);
      lines.push(`similar project: ${s.name} (shares ${shared.join(', ') || 'signals'})`);
    }
  } else if (input.kind === 'sector') {
    const full = input.analysis.full;
    if (!full) return ['(summary only)'];
    for (const m of full.movers) moverLine(`${m.window === 'day' ? '24h' : '7d'} mover`, m);
    for (const a of full.anomalies) lines.push(`anomaly: ${a.name} ${a.signal} ${a.direction}`);
    for (const f of full.riskFlags) lines.push(`risk flag: ${f.name} ${f.code} (${f.severity})`);
  } else {
    const { movers, rotation, anomalies } = input.analysis;
    for (const m of movers.day.up) moverLine('24h riser', m);
    for (const m of movers.day.down) moverLine('24h faller', m);
    for (const m of movers.week.up) moverLine('7d riser', m);
    for (const m of movers.week.down) moverLine('7d faller', m);
    for (const r of rotation)
      lines.push(`sector share over 7d: ${r.name} ${r.shareChange >= 0 ? 'gaining' : 'losing'}`);
    for (const a of anomalies) lines.push(`anomaly: ${a.name} ${a.signal} ${a.direction}`);
  }
  return lines.length > 0 ? lines : ['(nothing notable)'];
}
