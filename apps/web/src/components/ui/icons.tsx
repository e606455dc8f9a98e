import type { JSX, SVGProps } from 'react';
import * as archiveData from 'lucide-react/dist/esm/icons/archive.mjs';
import * as arrowDownData from 'lucide-react/dist/esm/icons/arrow-down.mjs';
import * as arrowLeftData from 'lucide-react/dist/esm/icons/arrow-left.mjs';
import * as arrowRightData from 'lucide-react/dist/esm/icons/arrow-right.mjs';
import * as arrowUpData from 'lucide-react/dist/esm/icons/arrow-up.mjs';
import * as arrowUpDownData from 'lucide-react/dist/esm/icons/arrow-up-down.mjs';
import * as badgeCheckData from 'lucide-react/dist/esm/icons/badge-check.mjs';
import * as banData from 'lucide-react/dist/esm/icons/ban.mjs';
import * as bellData from 'lucide-react/dist/esm/icons/bell.mjs';
import * as bellPlusData from 'lucide-react/dist/esm/icons/bell-plus.mjs';
import * as bellRingData from 'lucide-react/dist/esm/icons/bell-ring.mjs';
import * as bookOpenData from 'lucide-react/dist/esm/icons/book-open.mjs';
import * as bookmarkData from 'lucide-react/dist/esm/icons/bookmark.mjs';
import * as bookmarkCheckData from 'lucide-react/dist/esm/icons/bookmark-check.mjs';
import * as buildingComplexData from 'lucide-react/dist/esm/icons/building-complex.mjs';
import * as calendarClockData from 'lucide-react/dist/esm/icons/calendar-clock.mjs';
import * as calendarPlusData from 'lucide-react/dist/esm/icons/calendar-plus.mjs';
import * as chartColumnData from 'lucide-react/dist/esm/icons/chart-column.mjs';
import * as checkData from 'lucide-react/dist/esm/icons/check.mjs';
import * as chevronDownData from 'lucide-react/dist/esm/icons/chevron-down.mjs';
import * as chevronLeftData from 'lucide-react/dist/esm/icons/chevron-left.mjs';
import * as chevronRightData from 'lucide-react/dist/esm/icons/chevron-right.mjs';
import * as chevronUpData from 'lucide-react/dist/esm/icons/chevron-up.mjs';
import * as circleCheckData from 'lucide-react/dist/esm/icons/circle-check.mjs';
import * as circleExclamationPointData from 'lucide-react/dist/esm/icons/circle-exclamation-point.mjs';
import * as circleXData from 'lucide-react/dist/esm/icons/circle-x.mjs';
import * as clipboardCheckData from 'lucide-react/dist/esm/icons/clipboard-check.mjs';
import * as clipboardListData from 'lucide-react/dist/esm/icons/clipboard-list.mjs';
import * as clockData from 'lucide-react/dist/esm/icons/clock.mjs';
import * as cloudUploadData from 'lucide-react/dist/esm/icons/cloud-upload.mjs';
import * as copyData from 'lucide-react/dist/esm/icons/copy.mjs';
import * as downloadData from 'lucide-react/dist/esm/icons/download.mjs';
import * as earthData from 'lucide-react/dist/esm/icons/earth.mjs';
import * as externalLinkData from 'lucide-react/dist/esm/icons/external-link.mjs';
import * as eyeData from 'lucide-react/dist/esm/icons/eye.mjs';
import * as eyeOffData from 'lucide-react/dist/esm/icons/eye-off.mjs';
import * as fileBracesData from 'lucide-react/dist/esm/icons/file-braces.mjs';
import * as fileDownData from 'lucide-react/dist/esm/icons/file-down.mjs';
import * as fileSpreadsheetData from 'lucide-react/dist/esm/icons/file-spreadsheet.mjs';
import * as fileTextData from 'lucide-react/dist/esm/icons/file-text.mjs';
import * as globeData from 'lucide-react/dist/esm/icons/globe.mjs';
import * as handshakeData from 'lucide-react/dist/esm/icons/handshake.mjs';
import * as hourglassData from 'lucide-react/dist/esm/icons/hourglass.mjs';
import * as infoData from 'lucide-react/dist/esm/icons/info.mjs';
import * as keyRoundData from 'lucide-react/dist/esm/icons/key-round.mjs';
import * as layoutTemplateData from 'lucide-react/dist/esm/icons/layout-template.mjs';
import * as link2Data from 'lucide-react/dist/esm/icons/link-2.mjs';
import * as listData from 'lucide-react/dist/esm/icons/list.mjs';
import * as listChecksData from 'lucide-react/dist/esm/icons/list-checks.mjs';
import * as loaderCircleData from 'lucide-react/dist/esm/icons/loader-circle.mjs';
import * as lockData from 'lucide-react/dist/esm/icons/lock.mjs';
import * as mailData from 'lucide-react/dist/esm/icons/mail.mjs';
import * as mailExclamationPointData from 'lucide-react/dist/esm/icons/mail-exclamation-point.mjs';
import * as mailXData from 'lucide-react/dist/esm/icons/mail-x.mjs';
import * as mapData from 'lucide-react/dist/esm/icons/map.mjs';
import * as mapPinData from 'lucide-react/dist/esm/icons/map-pin.mjs';
import * as megaphoneData from 'lucide-react/dist/esm/icons/megaphone.mjs';
import * as menuData from 'lucide-react/dist/esm/icons/menu.mjs';
import * as messageSquareTextData from 'lucide-react/dist/esm/icons/message-square-text.mjs';
import * as navigationData from 'lucide-react/dist/esm/icons/navigation.mjs';
import * as pauseData from 'lucide-react/dist/esm/icons/pause.mjs';
import * as pencilData from 'lucide-react/dist/esm/icons/pencil.mjs';
import * as phoneData from 'lucide-react/dist/esm/icons/phone.mjs';
import * as playData from 'lucide-react/dist/esm/icons/play.mjs';
import * as plusData from 'lucide-react/dist/esm/icons/plus.mjs';
import * as poundSterlingData from 'lucide-react/dist/esm/icons/pound-sterling.mjs';
import * as radarData from 'lucide-react/dist/esm/icons/radar.mjs';
import * as receiptTextData from 'lucide-react/dist/esm/icons/receipt-text.mjs';
import * as refreshCwData from 'lucide-react/dist/esm/icons/refresh-cw.mjs';
import * as rocketData from 'lucide-react/dist/esm/icons/rocket.mjs';
import * as rotateCcwClockData from 'lucide-react/dist/esm/icons/rotate-ccw-clock.mjs';
import * as scrollTextData from 'lucide-react/dist/esm/icons/scroll-text.mjs';
import * as searchData from 'lucide-react/dist/esm/icons/search.mjs';
import * as searchXData from 'lucide-react/dist/esm/icons/search-x.mjs';
import * as sendData from 'lucide-react/dist/esm/icons/send.mjs';
import * as shieldCheckData from 'lucide-react/dist/esm/icons/shield-check.mjs';
import * as shieldOffData from 'lucide-react/dist/esm/icons/shield-off.mjs';
import * as slidersHorizontalData from 'lucide-react/dist/esm/icons/sliders-horizontal.mjs';
import * as sparklesData from 'lucide-react/dist/esm/icons/sparkles.mjs';
import * as starData from 'lucide-react/dist/esm/icons/star.mjs';
import * as trashData from 'lucide-react/dist/esm/icons/trash.mjs';
import * as triangleExclamationPointData from 'lucide-react/dist/esm/icons/triangle-exclamation-point.mjs';
import * as trophyData from 'lucide-react/dist/esm/icons/trophy.mjs';
import * as undo2Data from 'lucide-react/dist/esm/icons/undo-2.mjs';
import * as uploadData from 'lucide-react/dist/esm/icons/upload.mjs';
import * as userCheckData from 'lucide-react/dist/esm/icons/user-check.mjs';
import * as userPlusData from 'lucide-react/dist/esm/icons/user-plus.mjs';
import * as usersData from 'lucide-react/dist/esm/icons/users.mjs';
import * as xData from 'lucide-react/dist/esm/icons/x.mjs';

/**
 * The app's icons: lucide's drawings, rendered as one `<svg>` whose children are markup made once
 * per icon (decision 0623). lucide-react's own components build every icon's attributes and child
 * elements on each render (two components, a context read, a class merge per icon): 41 icons made
 * that a tenth of a directory page's server render. These render the same bytes as lucide-react
 * (`icons.test.tsx` compares every icon) and take the same props that the app passes.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'> & { size?: number | string };
export type IconComponent = (props: IconProps) => JSX.Element;

/** What each of lucide-react's icon modules exports besides its component. */
interface IconData {
  name: string;
  node: Array<[string, Record<string, string>]>;
  aliases?: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** The icon's children as React renders them (attributes in order, `key` dropped, each element closed). */
const childMarkup = (node: IconData['node']) =>
  node
    .map(([tag, attrs]) => {
      const attributes = Object.entries(attrs)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
        .join('');
      return `<${tag}${attributes}></${tag}>`;
    })
    .join('');

/** lucide's rule: a label, a role, a title or any aria- attribute makes the icon announced; otherwise it is hidden. */
function isAnnounced(props: Record<string, unknown>) {
  for (const name in props) if ((name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null) return true;
  return false;
}

/** Classes kept per icon: they come from the code, so there are few of each. */
const CLASSES_KEPT = 32;

function icon(module: unknown): IconComponent {
  const data = (module as { __iconData: IconData }).__iconData;
  const html = { __html: childMarkup(data.node) };
  const own = ['lucide', `lucide-${data.name}`, ...(data.aliases ?? []).filter((alias) => alias.trim() !== '').map((alias) => `lucide-${alias}`)];
  const base = [...new Set(own)].join(' ');
  const classes: Record<string, string> = Object.create(null) as Record<string, string>;
  let kept = 0;
  /** lucide's class merge: its own classes, then the caller's, each token once. */
  const classOf = (className: string | undefined) => {
    if (!className) return base;
    let merged = classes[className];
    if (merged === undefined) {
      merged = [...new Set([...own, ...className.split(/\s+/).filter(Boolean)])].join(' ');
      if (kept < CLASSES_KEPT) {
        classes[className] = merged;
        kept++;
      }
    }
    return merged;
  };
  function LucideIcon({ className, size, width, height, color, stroke, strokeWidth, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={width ?? size ?? 24}
        height={height ?? size ?? 24}
        viewBox="0 0 24 24"
        fill="none"
        stroke={stroke ?? color ?? 'currentColor'}
        strokeWidth={strokeWidth ?? 2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classOf(className)}
        {...(isAnnounced(rest) ? {} : { 'aria-hidden': 'true' as const })}
        {...rest}
        dangerouslySetInnerHTML={html}
      />
    );
  }
  LucideIcon.displayName = data.name;
  return LucideIcon;
}

export const AlertCircle = icon(circleExclamationPointData);
export const AlertTriangle = icon(triangleExclamationPointData);
export const Archive = icon(archiveData);
export const ArrowDown = icon(arrowDownData);
export const ArrowLeft = icon(arrowLeftData);
export const ArrowRight = icon(arrowRightData);
export const ArrowUp = icon(arrowUpData);
export const ArrowUpDown = icon(arrowUpDownData);
export const BadgeCheck = icon(badgeCheckData);
export const Ban = icon(banData);
export const BarChart3 = icon(chartColumnData);
export const Bell = icon(bellData);
export const BellPlus = icon(bellPlusData);
export const BellRing = icon(bellRingData);
export const BookOpen = icon(bookOpenData);
export const Bookmark = icon(bookmarkData);
export const BookmarkCheck = icon(bookmarkCheckData);
export const Building2 = icon(buildingComplexData);
export const CalendarClock = icon(calendarClockData);
export const CalendarPlus = icon(calendarPlusData);
export const Check = icon(checkData);
export const CheckCircle2 = icon(circleCheckData);
export const ChevronDown = icon(chevronDownData);
export const ChevronLeft = icon(chevronLeftData);
export const ChevronRight = icon(chevronRightData);
export const ChevronUp = icon(chevronUpData);
export const ClipboardCheck = icon(clipboardCheckData);
export const ClipboardList = icon(clipboardListData);
export const Clock = icon(clockData);
export const Copy = icon(copyData);
export const Download = icon(downloadData);
export const ExternalLink = icon(externalLinkData);
export const Eye = icon(eyeData);
export const EyeOff = icon(eyeOffData);
export const FileDown = icon(fileDownData);
export const FileJson = icon(fileBracesData);
export const FileSpreadsheet = icon(fileSpreadsheetData);
export const FileText = icon(fileTextData);
export const Globe = icon(globeData);
export const Globe2 = icon(earthData);
export const Handshake = icon(handshakeData);
export const History = icon(rotateCcwClockData);
export const Hourglass = icon(hourglassData);
export const Info = icon(infoData);
export const KeyRound = icon(keyRoundData);
export const LayoutTemplate = icon(layoutTemplateData);
export const Link2 = icon(link2Data);
export const List = icon(listData);
export const ListChecks = icon(listChecksData);
export const Loader2 = icon(loaderCircleData);
export const Lock = icon(lockData);
export const Mail = icon(mailData);
export const MailWarning = icon(mailExclamationPointData);
export const MailX = icon(mailXData);
export const Map = icon(mapData);
export const MapPin = icon(mapPinData);
export const Megaphone = icon(megaphoneData);
export const Menu = icon(menuData);
export const MessageSquareText = icon(messageSquareTextData);
export const Navigation = icon(navigationData);
export const Pause = icon(pauseData);
export const Pencil = icon(pencilData);
export const Phone = icon(phoneData);
export const Play = icon(playData);
export const Plus = icon(plusData);
export const PoundSterling = icon(poundSterlingData);
export const Radar = icon(radarData);
export const ReceiptText = icon(receiptTextData);
export const RefreshCw = icon(refreshCwData);
export const Rocket = icon(rocketData);
export const ScrollText = icon(scrollTextData);
export const Search = icon(searchData);
export const SearchX = icon(searchXData);
export const Send = icon(sendData);
export const ShieldCheck = icon(shieldCheckData);
export const ShieldOff = icon(shieldOffData);
export const SlidersHorizontal = icon(slidersHorizontalData);
export const Sparkles = icon(sparklesData);
export const Star = icon(starData);
export const Trash2 = icon(trashData);
export const Trophy = icon(trophyData);
export const Undo2 = icon(undo2Data);
export const Upload = icon(uploadData);
export const UploadCloud = icon(cloudUploadData);
export const UserCheck = icon(userCheckData);
export const UserPlus = icon(userPlusData);
export const Users = icon(usersData);
export const X = icon(xData);
export const XCircle = icon(circleXData);
