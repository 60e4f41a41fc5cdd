import { invalidRequest, missingParam } from './errors';
import { isFormObject, type FormObject } from './form';
import {
  checkKnownKeys,
  metadata,
  optionalEnum,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalUrl,
  requiredInteger,
  requiredString,
} from './params';
import {
  captureMethods,
  redirectOnCompletionValues,
  uiModes,
  type CaptureMethod,
  type LineItemRecord,
} from './records';

/**
 * `POST /v1/checkout/sessions` parameters. Names Stripe does not know are refused as Stripe
 * refuses them (`parameter_unknown`); names Stripe knows but this stand-in does not model are
 * accepted and ignored, with a warning once per name.
 */

/** Top-level create parameters of API version 2026-10-28 (stripe-node 23.1 types). */
const KNOWN_PARAMS = new Set(
  (
    'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types ' +
    'automatic_tax billing_address_collection branding_settings cancel_url client_reference_id ' +
    'consent_collection currency custom_fields custom_text customer customer_account ' +
    'customer_creation customer_email customer_update discounts excluded_payment_method_types ' +
    'expand expires_at integration_identifier invoice_creation line_items locale ' +
    'managed_payments metadata mode name_collection optional_items origin_context ' +
    'payment_intent_data payment_method_collection payment_method_configuration ' +
    'payment_method_data payment_method_options permissions phone_number_collection ' +
    'redirect_on_completion return_url saved_payment_method_options setup_intent_data ' +
    'shipping_address_collection shipping_options submit_type subscription_data success_url ' +
    'tax_id_collection ui_mode wallet_options'
  ).split(' '),
);
const MODELLED_PARAMS = new Set(
  (
    'cancel_url client_reference_id customer_email expand expires_at line_items metadata mode ' +
    'payment_intent_data redirect_on_completion return_url success_url ui_mode'
  ).split(' '),
);
const LINE_ITEM_KEYS = new Set(
  'adjustable_quantity dynamic_tax_rates metadata price price_data quantity tax_rates'.split(' '),
);
const PRICE_DATA_KEYS = new Set(
  'currency product product_data recurring tax_behavior unit_amount unit_amount_decimal'.split(' '),
);
/** `payment_intent_data` keys (2026-10-28); only the modelled ones are read. */
const PAYMENT_INTENT_DATA_KEYS = new Set(
  (
    'application_fee_amount capture_method description metadata on_behalf_of receipt_email ' +
    'setup_future_usage shipping statement_descriptor statement_descriptor_suffix ' +
    'transfer_data transfer_group'
  ).split(' '),
);
const PRODUCT_DATA_KEYS = new Set(
  'description images metadata name tax_code tax_details unit_label'.split(' '),
);

/** ui_mode values renamed by API version 2026-03-25.dahlia. */
const CURRENT_UI_MODE = { hosted: 'hosted_page', embedded: 'embedded_page' } as const;
const DAHLIA = '2026-03-25';

export interface CreateSessionInput {
  ui_mode: (typeof uiModes)[number];
  line_items: LineItemRecord[];
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  return_url: string | null;
  redirect_on_completion: (typeof redirectOnCompletionValues)[number] | null;
  /** Seconds since the epoch; null for the default (24 hours). */
  expires_at: number | null;
  payment_intent_data: {
    description: string | null;
    metadata: Record<string, string>;
    capture_method: CaptureMethod;
  };
}

export interface ParseContext {
  /** The request's `Stripe-Version` header (stripe-node always sends its pinned version). */
  apiVersion: string | null;
  nowSeconds: number;
  warn: (key: string, message: string) => void;
}

function usesCurrentNames(apiVersion: string | null): boolean {
  return apiVersion === null || apiVersion.slice(0, 10) >= DAHLIA;
}

function parseUiMode(form: FormObject, ctx: ParseContext): CreateSessionInput['ui_mode'] {
  const current = usesCurrentNames(ctx.apiVersion);
  const sent = optionalString(form.ui_mode, 'ui_mode');
  if (sent === null) return current ? 'hosted_page' : 'hosted';
  if (sent === 'elements' || sent === 'custom' || sent === 'form') {
    throw invalidRequest(
      `ui_mode '${sent}' is not supported by the local Stripe stand-in (use hosted_page or embedded_page).`,
      'parameter_invalid',
      'ui_mode',
    );
  }
  const mode = optionalEnum(form.ui_mode, 'ui_mode', uiModes);
  if (mode === 'hosted' || mode === 'embedded') {
    if (current) {
      ctx.warn(
        `ui_mode:${mode}`,
        `ui_mode '${mode}' was renamed '${CURRENT_UI_MODE[mode]}' in Stripe API ${DAHLIA}.dahlia; ` +
          `real Stripe rejects '${mode}' for API version ${ctx.apiVersion ?? '(default)'}. Accepted locally.`,
      );
    }
  }
  return mode ?? 'hosted_page';
}

function parseLineItems(
  form: FormObject,
): Pick<CreateSessionInput, 'line_items' | 'currency' | 'amount_total'> {
  const raw = form.line_items;
  if (raw === undefined || raw === '') throw missingParam('line_items');
  if (!Array.isArray(raw) || raw.length === 0) {
    throw invalidRequest(
      'Invalid array: line_items must be a non-empty array.',
      'parameter_invalid',
      'line_items',
    );
  }
  if (raw.length > 100) {
    throw invalidRequest(
      'line_items can have at most 100 items.',
      'parameter_invalid',
      'line_items',
    );
  }
  const items = raw.map((entry, i): LineItemRecord => {
    const at = `line_items[${i}]`;
    if (!isFormObject(entry)) {
      throw invalidRequest(`Invalid object: ${at} must be a hash.`, 'parameter_invalid_object', at);
    }
    checkKnownKeys(entry, LINE_ITEM_KEYS, at);
    const price = optionalString(entry.price, `${at}[price]`);
    if (price !== null) {
      throw invalidRequest(`No such price: '${price}'`, 'resource_missing', `${at}[price]`);
    }
    const priceData = optionalObject(entry.price_data, `${at}[price_data]`);
    if (!priceData) {
      throw invalidRequest(
        `You must specify either \`price\` or \`price_data\` in ${at}.`,
        'parameter_missing',
        `${at}[price_data]`,
      );
    }
    checkKnownKeys(priceData, PRICE_DATA_KEYS, `${at}[price_data]`);
    if (priceData.recurring !== undefined) {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price.',
        'parameter_invalid',
        `${at}[price_data][recurring]`,
      );
    }
    const product = optionalString(priceData.product, `${at}[price_data][product]`);
    if (product !== null) {
      throw invalidRequest(
        `No such product: '${product}'`,
        'resource_missing',
        `${at}[price_data][product]`,
      );
    }
    const currency = requiredString(
      priceData.currency,
      `${at}[price_data][currency]`,
    ).toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) {
      throw invalidRequest(
        `Invalid currency: ${currency}`,
        'parameter_invalid',
        `${at}[price_data][currency]`,
      );
    }
    if (priceData.unit_amount_decimal !== undefined) {
      throw invalidRequest(
        'unit_amount_decimal is not supported by the local Stripe stand-in; use unit_amount.',
        'parameter_invalid',
        `${at}[price_data][unit_amount_decimal]`,
      );
    }
    const unitAmount = requiredInteger(
      priceData.unit_amount,
      `${at}[price_data][unit_amount]`,
      0,
      99_999_999,
    );
    const productData = optionalObject(priceData.product_data, `${at}[price_data][product_data]`);
    if (!productData) throw missingParam(`${at}[price_data][product_data]`);
    checkKnownKeys(productData, PRODUCT_DATA_KEYS, `${at}[price_data][product_data]`);
    const name = requiredString(productData.name, `${at}[price_data][product_data][name]`);
    const quantity = requiredInteger(entry.quantity, `${at}[quantity]`, 1, 999_999);
    return { name, currency, unit_amount: unitAmount, quantity };
  });
  const currency = items[0]?.currency ?? 'usd';
  if (items.some((item) => item.currency !== currency)) {
    throw invalidRequest(
      'All line items must use the same currency.',
      'parameter_invalid',
      'line_items',
    );
  }
  const amountTotal = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  return { line_items: items, currency, amount_total: amountTotal };
}

function parseEmail(form: FormObject): string | null {
  const email = optionalString(form.customer_email, 'customer_email');
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw invalidRequest(`Invalid email address: ${email}`, 'email_invalid', 'customer_email');
  }
  return email;
}

function parsePaymentIntentData(form: FormObject): CreateSessionInput['payment_intent_data'] {
  const data = optionalObject(form.payment_intent_data, 'payment_intent_data');
  if (data) checkKnownKeys(data, PAYMENT_INTENT_DATA_KEYS, 'payment_intent_data');
  return {
    description: data ? optionalString(data.description, 'payment_intent_data[description]') : null,
    metadata: data ? metadata(data.metadata, 'payment_intent_data[metadata]') : {},
    capture_method:
      (data &&
        optionalEnum(data.capture_method, 'payment_intent_data[capture_method]', captureMethods)) ??
      'automatic',
  };
}

export function parseCreateSession(form: FormObject, ctx: ParseContext): CreateSessionInput {
  checkKnownKeys(form, KNOWN_PARAMS, null);
  for (const key of Object.keys(form)) {
    if (!MODELLED_PARAMS.has(key)) {
      ctx.warn(
        `param:${key}`,
        `checkout.sessions.create: '${key}' is accepted but ignored locally.`,
      );
    }
  }
  const mode = optionalEnum(form.mode, 'mode', ['payment', 'setup', 'subscription'] as const);
  if (mode === null) throw missingParam('mode');
  if (mode !== 'payment') {
    throw invalidRequest(
      `mode '${mode}' is not supported by the local Stripe stand-in.`,
      'parameter_invalid',
      'mode',
    );
  }

  const uiMode = parseUiMode(form, ctx);
  const embedded = uiMode === 'embedded' || uiMode === 'embedded_page';
  const successUrl = optionalUrl(form.success_url, 'success_url');
  const cancelUrl = optionalUrl(form.cancel_url, 'cancel_url');
  const returnUrl = optionalUrl(form.return_url, 'return_url');
  const redirectOnCompletion = optionalEnum(
    form.redirect_on_completion,
    'redirect_on_completion',
    redirectOnCompletionValues,
  );

  if (embedded) {
    for (const [param, value] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (value !== null) {
        throw invalidRequest(
          `You cannot use \`${param}\` with \`ui_mode: ${uiMode}\`.`,
          'parameter_invalid',
          param,
        );
      }
    }
    if (returnUrl === null && redirectOnCompletion !== 'never') {
      throw invalidRequest(
        `A \`return_url\` is required with \`ui_mode: ${uiMode}\` unless \`redirect_on_completion\` is \`never\`.`,
        'parameter_missing',
        'return_url',
      );
    }
    if (returnUrl !== null && redirectOnCompletion === 'never') {
      throw invalidRequest(
        '`return_url` cannot be used with `redirect_on_completion: never`.',
        'parameter_invalid',
        'return_url',
      );
    }
  } else {
    for (const [param, value] of [
      ['return_url', returnUrl],
      ['redirect_on_completion', redirectOnCompletion],
    ] as const) {
      if (value !== null) {
        throw invalidRequest(
          `You can only use \`${param}\` with an embedded \`ui_mode\`.`,
          'parameter_invalid',
          param,
        );
      }
    }
  }

  const clientReferenceId = optionalString(form.client_reference_id, 'client_reference_id');
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest(
      'client_reference_id can have up to 200 characters.',
      'parameter_invalid',
      'client_reference_id',
    );
  }
  const expiresAt = optionalInteger(
    form.expires_at,
    'expires_at',
    ctx.nowSeconds + 30 * 60,
    ctx.nowSeconds + 24 * 60 * 60,
  );

  return {
    ui_mode: uiMode,
    ...parseLineItems(form),
    client_reference_id: clientReferenceId,
    customer_email: parseEmail(form),
    metadata: metadata(form.metadata, 'metadata'),
    success_url: successUrl,
    cancel_url: cancelUrl,
    return_url: returnUrl,
    redirect_on_completion: redirectOnCompletion,
    expires_at: expiresAt,
    payment_intent_data: parsePaymentIntentData(form),
  };
}
