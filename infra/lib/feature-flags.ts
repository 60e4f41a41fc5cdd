/**
 * CDK feature flags this app is written against: the values `cdk init` (aws-cdk-lib 2.276)
 * recommends, limited to the modules the stack uses. Pinned here rather than derived from the
 * installed library, so upgrading aws-cdk-lib never changes the template silently. They would
 * normally live in cdk.json's `context`; values there (or `-c`) take precedence over these.
 */
export const featureFlags = {
  '@aws-cdk/core:target-partitions': ['aws', 'aws-cn'],
  '@aws-cdk/core:checkSecretUsage': true,
  '@aws-cdk/core:validateSnapshotRemovalPolicy': true,
  '@aws-cdk/core:enablePartitionLiterals': true,
  '@aws-cdk/core:includePrefixInUniqueNameGeneration': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/aws-iam:importedRoleStackSafeDefaultPolicyName': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:publicAccessBlockedByDefault': true,
  '@aws-cdk/aws-lambda:recognizeLayerVersion': true,
  '@aws-cdk/aws-lambda:useCdkManagedLogGroup': true,
  '@aws-cdk/aws-lambda-nodejs:useLatestRuntimeVersion': true,
  '@aws-cdk/aws-lambda-nodejs:sdkV3ExcludeSmithyPackages': true,
  '@aws-cdk/aws-kms:aliasNameRef': true,
  '@aws-cdk/aws-kms:reduceCrossAccountRegionPolicyScope': true,
  '@aws-cdk/aws-cloudfront:defaultFunctionRuntimeV2_0': true,
  '@aws-cdk/aws-cloudfront:defaultViewerProtocolPolicyRedirectToHttps': true,
  '@aws-cdk/aws-apigateway:disableCloudWatchRole': true,
  '@aws-cdk/aws-dynamodb:resourcePolicyPerReplica': true,
} as const satisfies Record<string, unknown>;
