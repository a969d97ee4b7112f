; Inno Setup script: a per-user (or, if chosen, all-users) installer for the one-dir Windows bundle.
; build/build.py compiles it on Windows when ISCC.exe is found, passing the values below with /D:
;   ISCC /DAppVersion=0.1.0 /DBundleDir=build\dist\village-tabletop /DIconFile=build\work\icons\village-tabletop.ico
;        /DOutputDir=dist /DOutputBaseName=village-tabletop-0.1.0-windows-x86_64-setup build\windows\village-tabletop.iss
; Not compiled on Linux: the release workflow (.github/workflows/release.yml) builds it on a Windows runner.

#ifndef AppVersion
  #error Pass /DAppVersion=... (build/build.py does)
#endif
#ifndef BundleDir
  #define BundleDir "..\dist\village-tabletop"
#endif
#ifndef IconFile
  #define IconFile "..\work\icons\village-tabletop.ico"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef OutputBaseName
  #define OutputBaseName "village-tabletop-" + AppVersion + "-windows-setup"
#endif

[Setup]
AppId={{52EC26A8-98C2-41C3-8811-2B13B0F36151}
AppName=Village Tabletop
AppVersion={#AppVersion}
AppVerName=Village Tabletop {#AppVersion}
AppPublisher=Village Tabletop developers
DefaultDirName={autopf}\Village Tabletop
DefaultGroupName=Village Tabletop
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename={#OutputBaseName}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\village-tabletop.exe
UninstallDisplayName=Village Tabletop {#AppVersion}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Village Tabletop"; Filename: "{app}\village-tabletop.exe"
Name: "{autodesktop}\Village Tabletop"; Filename: "{app}\village-tabletop.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\village-tabletop.exe"; Description: "{cm:LaunchProgram,Village Tabletop}"; Flags: nowait postinstall skipifsilent
