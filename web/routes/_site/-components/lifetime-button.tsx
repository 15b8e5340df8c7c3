import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { notify } from "../../../lib/toast";

/**
 * 'Get Lifetime Access': idle, then 'Processing...' while the checkout is being prepared. The card
 * checkout itself arrives with payments; until then the visitor is told so rather than left waiting.
 */
export function LifetimeButton() {
  const [processing, setProcessing] = useState(false);
  const start = () => {
    setProcessing(true);
    try {
      notify.info("Coming Soon", "Card checkout for the lifetime plan opens here very soon.");
    } finally {
      setProcessing(false);
    }
  };
  return (
    <Button size="lg" className="w-full" disabled={processing} onClick={start}>
      {processing ? (
        <>
          <Loader2 className="animate-spin" aria-hidden /> Processing...
        </>
      ) : (
        "Get Lifetime Access"
      )}
    </Button>
  );
}
