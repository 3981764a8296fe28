@echo off
rem gateway-desk: Gateway Desk's command line, run by the installed app's own executable.
"%~dp0..\..\Gateway Desk.exe" --cli %*
