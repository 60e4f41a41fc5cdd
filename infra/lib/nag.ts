import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 replaced `NagSuppressions` with CDK's own `Validations.of(scope).acknowledge()`.
 * An acknowledgment applies to the construct and everything below it, and always carries the
 * reason it is acceptable; docs/deployment.md lists them all.
 *
 * Rules that report several findings per resource (IAM4, IAM5) are acknowledged per finding,
 * e.g. `AwsSolutions-IAM5[Resource::<UploadsBucket1234.Arn>/*]`: cdk-nag 3 has no prefix match.
 * Several packs check the same thing under their own ids (`HIPAA.Security-LambdaDLQ`,
 * `Serverless-LambdaDLQ`): pass them together, so they carry one reason.
 */
export function acknowledge(
  scope: IConstruct,
  id: string | readonly string[],
  reason: string,
): void {
  for (const one of typeof id === 'string' ? [id] : id) {
    Validations.of(scope).acknowledge({ id: one, reason });
  }
}

/**
 * How cdk-nag prints a reference inside a finding id: `<LogicalId>` for a `Ref`,
 * `<LogicalId.Attribute>` for a `Fn::GetAtt`.
 */
export function nagRef(element: CfnElement, attribute?: string): string {
  const logicalId = Stack.of(element).resolve(element.logicalId) as string;
  return attribute ? `<${logicalId}.${attribute}>` : `<${logicalId}>`;
}
