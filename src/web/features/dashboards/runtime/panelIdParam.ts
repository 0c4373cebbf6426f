/**
 * A panel id as the URL gives it (`viewPanel`, `editPanel`, `inspect`): Grafana's older `2` or the
 * `panel-2` of Grafana 11's scenes, whose links people share. Anything else is no panel id.
 */
export function panelIdParam(raw: string | null): number | undefined {
  const digits = raw?.match(/^(?:panel-)?(\d+)$/)?.[1];
  return digits === undefined ? undefined : Number(digits);
}
