/** '1 of 4 members': the team as it is (the owner and those accepted) of the size the owner asked for. */
export const teamLine = ({ currentTeam, members }: { currentTeam: number; members: number }) =>
  `${currentTeam} of ${members} ${members === 1 ? "member" : "members"}`;
