import { shortId } from "~/lib/format";
import { Download, Play, Square, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Button } from "~/components/ui/button";
import { formatPhone } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { recordingHref } from "./call-log-view";

/*
 * Play and Download for a call that has a recording. Both go through our own
 * /admin/call-logs/<id>/recording, which fetches the phone system's file on the server: its
 * address never reaches the browser. Until JavaScript runs, Play is a plain link to the
 * audio, which the browser plays by itself.
 */

interface PlayButtonProps {
  callId: string;
  playing: boolean;
  onToggle: () => void;
  /** The player's id while it is open (for aria-controls). */
  playerId?: string;
}

function PlayButton({ callId, playing, onToggle, playerId }: PlayButtonProps) {
  const hydrated = useHydrated();
  const label = ` recording of call ${shortId(callId)}`;
  if (!hydrated) {
    return (
      <Button asChild size="sm" variant="outline">
        <a href={recordingHref(callId)}>
          <Play aria-hidden="true" />
          Play<span className="sr-only">{label}</span>
        </a>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      size="sm"
      variant={playing ? "secondary" : "outline"}
      aria-expanded={playing}
      aria-controls={playing ? playerId : undefined}
      onClick={onToggle}
    >
      {playing ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
      {playing ? "Stop" : "Play"}
      <span className="sr-only">{label}</span>
    </Button>
  );
}

function DownloadLink({ callId, iconOnly = false }: { callId: string; iconOnly?: boolean }) {
  const label = `recording of call ${shortId(callId)}`;
  return (
    <Button
      asChild
      size={iconOnly ? "icon" : "sm"}
      variant="ghost"
      className={cn(iconOnly && "size-9")}
    >
      <a href={recordingHref(callId, true)} download title={iconOnly ? "Download" : undefined}>
        <Download aria-hidden="true" />
        {iconOnly ? (
          <span className="sr-only">Download {label}</span>
        ) : (
          <>
            Download<span className="sr-only"> {label}</span>
          </>
        )}
      </a>
    </Button>
  );
}

/** A list row's controls: the page holds one player (NowPlaying) for the whole list. */
export function RecordingButtons({
  callId,
  playing,
  onToggle,
  compact = false,
}: Omit<PlayButtonProps, "playerId"> & { compact?: boolean }) {
  return (
    <div className="flex flex-nowrap items-center gap-1">
      <PlayButton callId={callId} playing={playing} onToggle={onToggle} playerId={NOW_PLAYING_ID} />
      <DownloadLink callId={callId} iconOnly={compact} />
    </div>
  );
}

export const NOW_PLAYING_ID = "call-recording-player";

/**
 * The list's single player, floating at the bottom of the page: one recording at a time,
 * it keeps playing while the operator pages or searches, and it never widens the table.
 */
export function NowPlaying({
  call,
  onClose,
}: {
  call: { id: string; clientPhone: string };
  onClose: () => void;
}) {
  return (
    <section
      id={NOW_PLAYING_ID}
      aria-label="Recording player"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto grid max-w-xl gap-2 rounded-xl border border-border bg-white p-3 shadow-lg"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm">
          <span className="font-semibold">Call {shortId(call.id)}</span>
          <span className="text-muted-foreground"> · {formatPhone(call.clientPhone)}</span>
        </p>
        <div className="flex shrink-0 items-center gap-1">
          <DownloadLink callId={call.id} iconOnly />
          <Button type="button" size="icon" variant="ghost" className="size-9" onClick={onClose}>
            <X aria-hidden="true" />
            <span className="sr-only">Close the player</span>
          </Button>
        </div>
      </div>
      {/* Keyed by call: a new call is a new element, so it starts from the beginning. */}
      <Player key={call.id} callId={call.id} />
    </section>
  );
}

/** Play with an inline player, for one call on its own (the details dialog). */
export function RecordingControls({ callId }: { callId: string }) {
  const [open, setOpen] = useState(false);
  const playerId = useId();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-1">
        <PlayButton
          callId={callId}
          playing={open}
          onToggle={() => setOpen(!open)}
          playerId={playerId}
        />
        <DownloadLink callId={callId} />
      </div>
      {open && (
        <div id={playerId}>
          <Player callId={callId} />
        </div>
      )}
    </div>
  );
}

/** <audio controls preload="none">, started at once: pressing Play means "play". */
function Player({ callId }: { callId: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // Autoplay may be refused (no user gesture reached us); the controls are still there.
    audio.current?.play().catch(() => {});
  }, []);
  return (
    <div className="grid gap-1">
      <audio
        ref={audio}
        controls
        preload="none"
        src={recordingHref(callId)}
        onError={() => setFailed(true)}
        className="h-10 w-full"
      >
        <a href={recordingHref(callId)}>Open the recording</a>
      </audio>
      {failed && (
        <p role="status" className="text-xs text-red-800">
          The recording could not be loaded. Try Download, or again later.
        </p>
      )}
    </div>
  );
}
