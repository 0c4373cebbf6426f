import { describe, expect, it } from 'vitest';
import { definedTemplateNames } from './definedTemplates';

describe('definedTemplateNames', () => {
  it('is the template’s own name when the text defines nothing', () => {
    expect(definedTemplateNames('ops.title', '[{{ .Status | toUpper }}] {{ .CommonLabels.alertname }}')).toEqual(['ops.title']);
  });

  it('lists each define once, in order, with trimmed markers, raw strings and escapes', () => {
    const text = [
      '{{ define "ops.title" }}x{{ end }}',
      '{{- define `ops.raw` -}}y{{ end }}',
      '{{define "say \\"hi\\""}}z{{end}}',
      '{{ define "ops.title" }}again{{ end }}',
    ].join('\n');
    expect(definedTemplateNames('ops', text)).toEqual(['ops.title', 'ops.raw', 'say "hi"']);
  });
});
