/**
 * The optional custom domain of a stage (docs/deployment.md, "Custom domain and TLS"):
 * `-c domainName=app.example.org -c certificateArn=arn:aws:acm:us-east-1:…`, and optionally
 * `-c hostedZoneId=Z… -c hostedZoneName=example.org` for the Route 53 alias records.
 *
 * The stack is environment-agnostic, so it cannot create a certificate in us-east-1 (where
 * CloudFront reads certificates) when deployed elsewhere: an existing ACM certificate is
 * imported by ARN instead. Every value is checked here, so a typo fails `cdk synth` with a
 * message instead of a CloudFormation rollback twenty minutes into a deploy.
 */

export interface CustomDomain {
  /** The host name browsers use, e.g. `app.example.org`. */
  readonly domainName: string;
  /** An ACM certificate in us-east-1 that covers `domainName`. */
  readonly certificateArn: string;
  /** The public Route 53 zone to create the alias records in; without it, DNS is manual. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
}

export interface CustomDomainContext {
  readonly domainName?: string;
  readonly certificateArn?: string;
  readonly hostedZoneId?: string;
  readonly hostedZoneName?: string;
}

/** Lowercase DNS names of at least two labels (no trailing dot, no wildcard). */
const hostNamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** CloudFront only uses certificates of the us-east-1 region of the commercial partition. */
const certificateArnPattern = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

const hostedZoneIdPattern = /^Z[A-Z0-9]{1,31}$/;

function fail(message: string): never {
  throw new Error(`Invalid custom domain settings: ${message}`);
}

export function parseCustomDomain(context: CustomDomainContext): CustomDomain | undefined {
  const { domainName, certificateArn, hostedZoneId, hostedZoneName } = context;
  if (domainName === undefined && certificateArn === undefined) {
    if (hostedZoneId !== undefined || hostedZoneName !== undefined) {
      fail('hostedZoneId and hostedZoneName need -c domainName=… and -c certificateArn=….');
    }
    return undefined;
  }
  if (domainName === undefined || certificateArn === undefined) {
    fail('set both -c domainName=… and -c certificateArn=… (or neither).');
  }
  if (!hostNamePattern.test(domainName)) {
    fail(
      `domainName ${JSON.stringify(domainName)} is not a lowercase host name like app.example.org.`,
    );
  }
  if (!certificateArnPattern.test(certificateArn)) {
    fail(
      `certificateArn ${JSON.stringify(certificateArn)} is not an ACM certificate ARN in ` +
        'us-east-1 (arn:aws:acm:us-east-1:{account}:certificate/{id}); CloudFront reads ' +
        'certificates only from us-east-1.',
    );
  }
  if (hostedZoneId === undefined && hostedZoneName === undefined) {
    return { domainName, certificateArn };
  }
  if (hostedZoneId === undefined || hostedZoneName === undefined) {
    fail('set both -c hostedZoneId=… and -c hostedZoneName=… (or neither).');
  }
  if (!hostedZoneIdPattern.test(hostedZoneId)) {
    fail(`hostedZoneId ${JSON.stringify(hostedZoneId)} is not a Route 53 zone id (Z…).`);
  }
  if (!hostNamePattern.test(hostedZoneName)) {
    fail(`hostedZoneName ${JSON.stringify(hostedZoneName)} is not a lowercase domain name.`);
  }
  if (domainName !== hostedZoneName && !domainName.endsWith(`.${hostedZoneName}`)) {
    fail(`domainName ${domainName} is not inside the hosted zone ${hostedZoneName}.`);
  }
  return { domainName, certificateArn, hostedZone: { id: hostedZoneId, name: hostedZoneName } };
}
