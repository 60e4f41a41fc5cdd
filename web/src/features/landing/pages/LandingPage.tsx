import { useDocumentTitle } from '@web/lib/use-document-title';
import { HeroSection } from '../components/HeroSection';
import { HowItWorksSection } from '../components/HowItWorksSection';
import { ProvidersSection } from '../components/ProvidersSection';

export default function LandingPage() {
  useDocumentTitle('Get Healthcare Help Right Now');
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <ProvidersSection />
    </>
  );
}
