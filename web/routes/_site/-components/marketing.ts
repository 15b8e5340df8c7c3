/** The marketing copy of spec §1 and §9: fixed text, never computed. */
import { CalendarClock, FolderKanban, MessagesSquare, ShieldCheck, Sparkles, Users } from "lucide-react";

export const SUPPORT_EMAIL = "support@crewboard.dev";

export const FEATURES = [
  {
    icon: Users,
    title: "Team Collaboration",
    description: "Find teammates with the skills you need, invite friends and build your crew around a shared goal.",
  },
  {
    icon: FolderKanban,
    title: "Project Management",
    description: "Track status, progress and every planned, pending and completed feature in one clear view.",
  },
  {
    icon: MessagesSquare,
    title: "Real-time Communication",
    description: "Private and group chats with live messages, and video calls when typing is not enough.",
  },
  {
    icon: CalendarClock,
    title: "Smart Scheduling",
    description: "Set durations and milestones so everyone knows what ships next and when.",
  },
  {
    icon: ShieldCheck,
    title: "Secure & Private",
    description: "Hashed passwords, secure sessions and server-side checks on every change to your work.",
  },
  {
    icon: Sparkles,
    title: "AI-Powered Insights",
    description: "Spot stalled work and skill gaps early with insights drawn from your projects' progress.",
  },
] as const;

export const FIGURES = [
  { value: "10K+", label: "Active Users" },
  { value: "50K+", label: "Projects" },
  { value: "99.9%", label: "Uptime" },
  { value: "98%", label: "Satisfaction" },
  { value: "4.9/5", label: "Average Rating" },
] as const;

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  initials: string;
  rating: 5;
  content: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: "Sarah Chen",
    role: "Frontend Lead",
    company: "Brightwave Labs",
    initials: "SC",
    rating: 5,
    content:
      "We found two React developers for our open-source dashboard within a week. The project board keeps everyone honest about what is actually done.",
  },
  {
    name: "Marcus Johnson",
    role: "Full Stack Developer",
    company: "Freelance",
    initials: "MJ",
    rating: 5,
    content:
      "I browse projects by category every Monday. Crewboard is how I landed my last three side gigs, and the group chats make hand-offs painless.",
  },
  {
    name: "Aigerim Bekova",
    role: "Product Manager",
    company: "Steppe Digital",
    initials: "AB",
    rating: 5,
    content:
      "Planned, pending and completed features in one place finally gave our stakeholders a view they understand without another status meeting.",
  },
  {
    name: "David Okafor",
    role: "Mobile Developer",
    company: "Kora Apps",
    initials: "DO",
    rating: 5,
    content:
      "The lifetime plan paid for itself in the first month. Unlimited projects and priority support for less than a lunch is hard to beat.",
  },
  {
    name: "Elena Rossi",
    role: "UI/UX Designer",
    company: "Studio Nove",
    initials: "ER",
    rating: 5,
    content:
      "As a designer I used to be the last to know. Now I join projects early, chat with the developers directly and see progress as it happens.",
  },
  {
    name: "Tomás García",
    role: "Data Scientist",
    company: "Quantia",
    initials: "TG",
    rating: 5,
    content:
      "Clean, fast and focused. Adding friends by e-mail and spinning up a group chat for a new analysis takes under a minute.",
  },
];
