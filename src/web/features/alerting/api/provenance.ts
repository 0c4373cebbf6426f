/**
 * The header every alerting write from the UI carries. Grafana's own UI does not mark what a person
 * saves as provisioned: without it the provisioning API records provenance `api` (as for Terraform
 * without the header), and the resource then reads as provisioned in lists and exports.
 */
export const PROVENANCE_OFF = { 'X-Disable-Provenance': 'true' } as const;
