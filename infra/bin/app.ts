#!/usr/bin/env node
/**
 * `npx cdk synth -c stage=prod` / `npx cdk deploy -c stage=prod` (cdk.json runs this file).
 * See docs/deployment.md.
 */
import { createTelehealthApp } from '../lib/app';

const { app } = createTelehealthApp();
app.synth();
