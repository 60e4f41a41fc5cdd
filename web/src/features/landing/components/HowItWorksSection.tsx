import { ClipboardList, CreditCard, Stethoscope, type LucideIcon } from 'lucide-react';

const steps: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ClipboardList,
    title: 'Tell Us How You Feel',
    text: 'Fill in a simple symptom form. It takes about 2 minutes.',
  },
  {
    icon: CreditCard,
    title: 'Pay $2.99 Safely',
    text: 'Secure credit card payment. No hidden fees.',
  },
  {
    icon: Stethoscope,
    title: 'Talk to a Doctor',
    text: 'Meet a doctor on a video call, or choose a home nurse visit.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="how-it-works-title"
            className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          >
            How It Works
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Three simple steps from your first symptom to seeing a doctor.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="relative rounded-xl border bg-card p-6 shadow-sm shadow-slate-900/5"
            >
              <div className="flex items-center justify-between">
                <span
                  className="grid size-10 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <Icon className="size-6 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-xl font-semibold text-foreground">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
