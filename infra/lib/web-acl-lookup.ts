import { Stack } from 'aws-cdk-lib';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import { edgeRegion, webAclArnParameterName } from './edge-stack';
import type { LogGroups } from './log-groups';
import { acknowledge } from './nag';

export interface WebAclLookupProps {
  readonly stage: string;
  readonly logGroups: LogGroups;
}

/**
 * Reads the stage's web ACL ARN from the edge stack's parameter in us-east-1 at deploy time.
 * The main stack stays environment-agnostic, so CDK's `crossRegionReferences` (which needs a
 * concrete region on both sides) does not apply; this is the same lookup it would make.
 */
export class WebAclLookup extends Construct {
  /** The ARN, resolved at deploy time. */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WebAclLookupProps) {
    super(scope, id);
    const parameterName = webAclArnParameterName(props.stage);
    const parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      region: edgeRegion,
      resource: 'parameter',
      // The name starts with '/', which the ARN already has after `parameter`.
      resourceName: parameterName.slice(1),
    });
    const getParameter: cr.AwsSdkCall = {
      service: 'SSM',
      action: 'getParameter',
      region: edgeRegion,
      parameters: { Name: parameterName },
      // The ARN itself: a new ACL (a new ARN) updates the distribution on the next deploy.
      physicalResourceId: cr.PhysicalResourceId.fromResponse('Parameter.Value'),
    };
    const lookup = new cr.AwsCustomResource(this, 'Lookup', {
      onCreate: getParameter,
      onUpdate: getParameter,
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: [parameterArn] }),
      installLatestAwsSdk: false,
      logGroup: props.logGroups.create(this, 'Logs'),
    });
    this.webAclArn = lookup.getResponseField('Parameter.Value');
    acknowledgeProvider(lookup);
  }
}

/**
 * What cdk-nag says about CDK's provider function of AwsCustomResource (one per stack, at the
 * stack's root): acknowledged there, for that function only.
 */
function acknowledgeProvider(lookup: cr.AwsCustomResource): void {
  const provider: IConstruct | undefined = lookup.node.scopes
    .map((scope) => scope.node.tryFindChild(PROVIDER_ID))
    .find((found) => found !== undefined);
  if (!provider) throw new Error('AwsCustomResource provider function not found');
  const once =
    'CDK’s AwsCustomResource provider runs once per deployment (CloudFormation invokes it ' +
    'to read one SSM parameter) and handles no request: ';
  acknowledge(
    provider,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    once + 'the AWS managed basic execution role only lets it write its own logs.',
  );
  acknowledge(
    provider,
    'HIPAA.Security-LambdaConcurrency',
    once + 'nothing can invoke it at a rate that needs a concurrency limit.',
  );
  acknowledge(
    provider,
    ['HIPAA.Security-LambdaDLQ', 'Serverless-LambdaDLQ'],
    once +
      'CloudFormation invokes it and fails the deployment on error; there is no event to keep.',
  );
  acknowledge(
    provider,
    'Serverless-LambdaDefaultMemorySize',
    once + 'CDK sizes it (128 MB is ample for one SSM call), and nobody waits on it.',
  );
  acknowledge(
    provider,
    'Serverless-LambdaTracing',
    once + 'a trace would show one SSM call per deployment; CloudFormation’s events show it.',
  );
  acknowledge(
    provider,
    'HIPAA.Security-LambdaInsideVPC',
    once + 'it reaches only the public SSM endpoint over TLS with IAM auth.',
  );
}

/** The construct id aws-cdk-lib gives the provider function of every AwsCustomResource. */
const PROVIDER_ID = 'AWS679f53fac002430cb0da5b7982bd2287';
